# Two commands: `make run` and `make test`. Everything else is a step of those.

export CARGO_TARGET_DIR ?= $(CURDIR)/target
CARGO ?= cargo
NPM ?= npm
ARTIFACTS ?= $(CURDIR)/artifacts

.PHONY: bench bench-copy bench-lock bench-nft bench-load bench-fanout bench-web run test deps web-deps socket-deps py-deps chromium web server lint test-rust test-web test-socket test-fuzz test-e2e clean

## Install what is needed, build the app and the server, start with demo data.
run: web
	$(CARGO) build --release --bin bourse
	@echo "Demo login: demo@bourse.local / Demo123456"
	$(CARGO_TARGET_DIR)/release/bourse serve

## Every test: lint, Rust (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
## web unit tests, browser end-to-end.
test: deps lint test-rust test-web test-socket test-fuzz test-e2e

deps: web-deps socket-deps py-deps chromium

web-deps:
	@if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then \
		cd web && $(NPM) ci --no-audit --no-fund; fi

socket-deps:
	@if [ ! -d tests/socket/node_modules ]; then cd tests/socket && $(NPM) ci --no-audit --no-fund; fi

# aiosmtpd is the real SMTP server the mail test talks to.
py-deps:
	@python3 -c "import aiosmtpd" 2>/dev/null || python3 -m pip install --quiet aiosmtpd

# The browser for the end-to-end tests, and CJK and Thai fonts so that screenshots
# of the Chinese, Japanese, Korean and Thai screens show their text instead of
# empty boxes.
chromium:
	@command -v chromium >/dev/null && fc-list 2>/dev/null | grep -qi "Noto Sans CJK" && \
		fc-list 2>/dev/null | grep -qi "tlwg" || \
		(apt-get update -qq && apt-get install -y -qq chromium fonts-noto-cjk fonts-thai-tlwg >/dev/null)

web: web-deps
	cd web && $(NPM) run build

server:
	$(CARGO) build --bin bourse

lint: web-deps
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	cd web && $(NPM) run lint

# Four test threads on two cores: an API scenario waits on its server and
# database for a good part of its time (four threads kept the cores 144 % busy
# against about 120 % with two, and took 255 s against 305 s).
test-rust:
	$(CARGO) test --workspace -- --test-threads 4

test-web: web-deps
	cd web && $(NPM) test

# The databases the server-level suites run on: SQLite, and PostgreSQL too (a
# fresh database each run, Redis fan-out when TEST_REDIS_URL is set) when
# TEST_DATABASE_URL names one and psql is there to make it.
SERVER_DBS := sqlite $(if $(and $(TEST_DATABASE_URL),$(shell command -v psql)),postgres)

# The realtime gateway with the official socket.io-client against the built
# server, on each of SERVER_DBS.
test-socket: server socket-deps
	@for db in $(SERVER_DBS); do \
		WITH_SERVER_DB=$$db scripts/with-server.sh $(CARGO_TARGET_DIR)/debug/bourse tests/socket node --test socket.test.mjs || exit 1; \
	done

# The API fuzzed by schemathesis from the server's own OpenAPI document, bounded in
# time (80 s on SQLite and 40 s on PostgreSQL, on each of SERVER_DBS): no 5xx, no dropped connection, no answer that breaks the
# document. The per-IP limits are lifted so its logins are not all answered 429.
# PostgreSQL gets half the time: what breaks the document is found on either
# database; the second run is for what the other dialect's SQL may break.
test-fuzz: server
	@for db in $(SERVER_DBS); do \
		if [ $$db = postgres ]; then t=30; ta=10; else t=60; ta=20; fi; \
		WITH_SERVER_DB=$$db FUZZ_SECONDS=$${FUZZ_SECONDS:-$$t} FUZZ_ADMIN_SECONDS=$${FUZZ_ADMIN_SECONDS:-$$ta} \
		BOURSE__LIMITS__LOGIN_PER_IP_PER_MINUTE=1000000 BOURSE__LIMITS__CODES_PER_IP_PER_MINUTE=1000000 \
			scripts/with-server.sh $(CARGO_TARGET_DIR)/debug/bourse . scripts/fuzz/run.sh || exit 1; \
	done

# The built app in Chromium against the real server on a free port and a fresh
# database, on each of SERVER_DBS side by side (scripts/e2e.sh), with a 3 s
# code-resend gap and a 10 s option so that the flows wait seconds, not minutes.
test-e2e: web server chromium
	BOURSE__CODES__RESEND_SECONDS=3 \
	SERVER_TOML='microtrade.durations = [{ seconds = 10, profit_ratio = "0.8", min_amount = "10", max_amount = "10000" }, { seconds = 60, profit_ratio = "0.85", min_amount = "10", max_amount = "20000" }]' \
	ARTIFACTS=$(ARTIFACTS) scripts/e2e.sh $(CARGO_TARGET_DIR)/debug/bourse $(SERVER_DBS)

## Benchmarks (by hand; results in docs/benchmarks.md). Not part of `make test`.
bench:
	$(CARGO) bench -p actors

# Orders over HTTP against a fresh release server on SQLite. Code and login limits
# are raised only so the generator can register its traders from one address.
# One leader with 10,000 followers: copy latency of opens and closes, and spot
# orders on another market beside them (see examples/copybench.rs).
bench-copy:
	$(CARGO) run --release --example copybench -- $(COPYBENCH_ARGS)

bench-lock:
	$(CARGO) run --release --example lockbench -- $(LOCKBENCH_ARGS)

# 1,000 bidders on one auction's last ten seconds, and 100 auctions ending in
# the same second (see examples/nftbench.rs).
bench-nft:
	$(CARGO) run --release --example nftbench -- $(NFTBENCH_ARGS)

bench-load:
	$(CARGO) build --release --bin bourse --example loadgen
	BOURSE__LIMITS__CODES_PER_IP_PER_MINUTE=1000000 BOURSE__LIMITS__LOGIN_PER_IP_PER_MINUTE=1000000 \
		scripts/with-server.sh $(CARGO_TARGET_DIR)/release/bourse . \
		$(CARGO_TARGET_DIR)/release/examples/loadgen $(LOADGEN_ARGS)

# Lighthouse (12.2.3, mobile defaults) on the nine main pages against the release
# server with demo data, three runs each: medians for docs/benchmarks.md.
bench-web: web chromium
	$(CARGO) build --release --bin bourse
	@if [ ! -d scripts/bench-web/node_modules ]; then cd scripts/bench-web && $(NPM) install --no-audit --no-fund; fi
	scripts/with-server.sh $(CARGO_TARGET_DIR)/release/bourse scripts/bench-web node run.mjs

# Socket fan-out latency: 2000 sockets on one market's depth (see tests/socket/fanout.mjs).
bench-fanout: socket-deps
	$(CARGO) build --release --bin bourse
	scripts/with-server.sh $(CARGO_TARGET_DIR)/release/bourse tests/socket node fanout.mjs

clean:
	rm -rf web/dist $(ARTIFACTS)
