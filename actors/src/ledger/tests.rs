//! Ledger behaviour against a real database: SQLite always, PostgreSQL when
//! `TEST_DATABASE_URL` is set.

use super::*;
use proptest::prelude::*;
use sqlx::any::AnyPoolOptions;
use sqlx::Connection;
use std::collections::HashMap;

const BTC: i64 = 1;
const USDT: i64 = 3;

pub(crate) fn unique() -> String {
    format!(
        "{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default()
    )
}

/// A fresh database with the ledger schema: SQLite, or PostgreSQL when asked and
/// configured.
pub(crate) async fn fresh_db(postgres: bool) -> Option<AnyPool> {
    sqlx::any::install_default_drivers();
    crate::sql::direct::register();
    let (url, schema) = if postgres {
        let base = crate::testenv::service_url("TEST_DATABASE_URL")?;
        let mut conn = sqlx::AnyConnection::connect(&base)
            .await
            .unwrap_or_else(|e| panic!("TEST_DATABASE_URL {base}: {e}"));
        let name = format!("bourse_l_{}", unique());
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("create database: {e}"));
        crate::testenv::remember(&base, &name);
        let (prefix, _) = base
            .rsplit_once('/')
            .unwrap_or_else(|| panic!("TEST_DATABASE_URL {base} names no database"));
        (
            format!("{prefix}/{name}"),
            concat!(
                include_str!("../../../migrations/postgres/20261121000002_ledger.sql"),
                include_str!("../../../migrations/postgres/20261206000001_order_path_keys.sql"),
            ),
        )
    } else {
        let path = std::env::temp_dir().join(format!("bourse-ledger-{}.db", unique()));
        (
            format!("sqlite://{}?mode=rwc", path.display()),
            include_str!("../../../migrations/sqlite/20261121000002_ledger.sql"),
        )
    };
    let sqlite = !postgres;
    let pool = AnyPoolOptions::new()
        .max_connections(8)
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if sqlite {
                    sqlx::Executor::execute(
                        conn,
                        "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 10000;",
                    )
                    .await?;
                }
                Ok(())
            })
        })
        .connect(&url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    sqlx::raw_sql(schema)
        .execute(&pool)
        .await
        .unwrap_or_else(|e| panic!("schema: {e}"));
    // The columns of users and orders the audit reads (it checks every order
    // has its user); the app's own migrations make the whole tables.
    sqlx::raw_sql(
        "CREATE TABLE users (id BIGINT PRIMARY KEY);
         CREATE TABLE orders (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL);",
    )
    .execute(&pool)
    .await
    .unwrap_or_else(|e| panic!("schema: {e}"));
    Some(pool)
}

fn deposit(key: &str, user: i64, currency: i64, amount: i64) -> Operation {
    Operation {
        key: key.into(),
        reason: "deposit".into(),
        ref_type: "test".into(),
        ref_id: 0,
        postings: vec![
            Posting::system(SystemAccount::Deposits, currency, -amount),
            Posting::user(user, account::CHANGE, currency, Bucket::Available, amount),
        ],
    }
}

fn transfer(key: &str, from: i64, to: i64, currency: i64, amount: i64) -> Operation {
    Operation {
        key: key.into(),
        reason: "account_transfer".into(),
        ref_type: "test".into(),
        ref_id: 0,
        postings: vec![
            Posting::user(from, account::CHANGE, currency, Bucket::Available, -amount),
            Posting::user(to, account::CHANGE, currency, Bucket::Available, amount),
        ],
    }
}

fn freeze(key: &str, user: i64, currency: i64, amount: i64) -> Operation {
    Operation {
        key: key.into(),
        reason: "order_freeze".into(),
        ref_type: "test".into(),
        ref_id: 0,
        postings: vec![
            Posting::user(user, account::CHANGE, currency, Bucket::Available, -amount),
            Posting::user(user, account::CHANGE, currency, Bucket::Frozen, amount),
        ],
    }
}

fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("{e}"))
        .block_on(f)
}

/// Runs an async test body once on SQLite and once on PostgreSQL (when
/// `TEST_DATABASE_URL` is set), as two tests named `on_sqlite` / `on_postgres`.
macro_rules! on_both {
    ($name:ident, $body:ident) => {
        mod $name {
            use super::*;

            #[test]
            fn on_sqlite() {
                block_on(async {
                    $body(fresh_db(false).await.unwrap_or_else(|| panic!("sqlite"))).await
                });
            }

            #[test]
            fn on_postgres() {
                block_on(async {
                    match fresh_db(true).await {
                        Some(pool) => {
                            $body(pool.clone()).await;
                            pool.close().await;
                            crate::testenv::drop_remembered().await;
                        }
                        None => eprintln!("TEST_DATABASE_URL not set: PostgreSQL half not run"),
                    }
                });
            }
        }
    };
}

#[test]
fn operations_apply_in_order_each_covered_before_its_own_credits() {
    let row = (7, USDT, account::CHANGE);
    // A freeze, then a fill that spends the frozen funds: the fill is covered
    // by the freeze before it, so the frozen bucket never goes below where it
    // started.
    let freeze_then_spend = [freeze("f", 7, USDT, 100), {
        let mut spend = freeze("s", 7, USDT, 100);
        spend.postings = vec![
            Posting::user(7, account::CHANGE, USDT, Bucket::Frozen, -100),
            Posting::system(SystemAccount::Fees, USDT, 100),
        ];
        spend
    }];
    let m = &moves(&freeze_then_spend)[&row];
    assert_eq!(m.net, [-100, 0]);
    assert_eq!(m.low, [-100, 0]);
    // The same two the other way round: the spend comes first and needs the
    // frozen funds already there.
    let reversed = [freeze_then_spend[1].clone(), freeze_then_spend[0].clone()];
    assert_eq!(moves(&reversed)[&row].low, [-100, -100]);
    // Within one operation a debit is covered before its own credit counts: a
    // transfer to oneself still needs the amount.
    let to_self = transfer("t", 7, 7, USDT, 40);
    let m = &moves(std::slice::from_ref(&to_self))[&row];
    assert_eq!(m.net, [0, 0]);
    assert_eq!(m.low, [-40, 0]);
}

#[test]
fn an_operation_that_does_not_sum_to_zero_is_refused_before_the_database() {
    let mut op = deposit("k", 1, BTC, 100);
    op.postings[0].amount = -99;
    assert!(matches!(op.validate(), Err(LedgerError::Unbalanced(_))));
    op.postings.clear();
    assert!(op.validate().is_err());
}

async fn moves_replays_and_refusals(pool: AnyPool) {
    assert_eq!(
        apply(&pool, &deposit("d1", 7, USDT, 1_000))
            .await
            .map(|a| a.replay),
        Ok(false)
    );
    // The same key again: answered, not applied.
    assert_eq!(
        apply(&pool, &deposit("d1", 7, USDT, 1_000))
            .await
            .map(|a| a.replay),
        Ok(true)
    );
    assert_eq!(
        balance(&pool, 7, USDT, account::CHANGE).await,
        Ok((1_000, 0))
    );
    apply(&pool, &freeze("f1", 7, USDT, 400))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        balance(&pool, 7, USDT, account::CHANGE).await,
        Ok((600, 400))
    );
    // More than is available: refused, and nothing of it stays.
    let err = apply(&pool, &transfer("t1", 7, 8, USDT, 601)).await;
    assert!(
        matches!(err, Err(LedgerError::Insufficient { holder: 7, .. })),
        "{err:?}"
    );
    assert_eq!(
        balance(&pool, 7, USDT, account::CHANGE).await,
        Ok((600, 400))
    );
    assert_eq!(balance(&pool, 8, USDT, account::CHANGE).await, Ok((0, 0)));
    // The refused key was rolled back with the rest, so a corrected retry works.
    apply(&pool, &transfer("t1", 7, 8, USDT, 600))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let report = audit(&pool).await.unwrap_or_else(|e| panic!("{e}"));
    assert!(report.ok, "{report:?}");
    assert_eq!(report.currencies, vec![(USDT, 0)]);
}

on_both!(moves_replays_and_refusals, moves_replays_and_refusals);

async fn the_audit_names_a_tampered_balance(pool: AnyPool) {
    apply(&pool, &deposit("d", 3, BTC, 50))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(audit(&pool).await.map(|r| r.ok).unwrap_or(false));
    // Each side of the balance, tampered in turn and put back.
    for side in ["available", "frozen"] {
        let tamper = |by: i64| {
            let sql = format!("UPDATE balances SET {side} = {side} + {by} WHERE holder = 3");
            let pool = pool.clone();
            async move { sqlx::query(&sql).execute(&pool).await }
        };
        tamper(1).await.unwrap_or_else(|e| panic!("{e}"));
        let report = audit(&pool).await.unwrap_or_else(|e| panic!("{e}"));
        assert!(!report.ok, "{side}");
        assert!(
            report.first_broken.unwrap_or_default().contains("holder 3"),
            "the broken row names its holder ({side})"
        );
        tamper(-1).await.unwrap_or_else(|e| panic!("{e}"));
        assert!(audit(&pool).await.map(|r| r.ok).unwrap_or(false), "{side}");
    }
}

on_both!(
    the_audit_names_a_tampered_balance,
    the_audit_names_a_tampered_balance
);

async fn the_audit_names_entries_and_orders_without_their_owners(pool: AnyPool) {
    apply(&pool, &deposit("d", 3, BTC, 50))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(audit(&pool).await.map(|r| r.ok).unwrap_or(false));
    // An entry pointing nowhere, with its twin so the sums still hold: only
    // the link is broken. (SQLite keeps the foreign key: off for this one
    // connection.)
    let mut conn = pool.acquire().await.unwrap_or_else(|e| panic!("{e}"));
    if conn.backend_name() != "PostgreSQL" {
        sqlx::query("PRAGMA foreign_keys = OFF")
            .execute(&mut *conn)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    sqlx::query(
        "INSERT INTO ledger_journal (op_id, holder, currency, account, bucket, amount, balance_after, created_at)
         VALUES (999999, 3, 1, 2, 0, 5, 0, 0), (999999, 3, 1, 2, 0, -5, 0, 0)",
    )
    .execute(&mut *conn)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    if conn.backend_name() != "PostgreSQL" {
        sqlx::query("PRAGMA foreign_keys = ON")
            .execute(&mut *conn)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    drop(conn);
    let report = audit(&pool).await.unwrap_or_else(|e| panic!("{e}"));
    assert!(!report.ok);
    assert!(
        report
            .first_broken
            .unwrap_or_default()
            .contains("operation 999999"),
        "the broken entry names its missing operation"
    );
    sqlx::query("DELETE FROM ledger_journal WHERE op_id = 999999")
        .execute(&pool)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(audit(&pool).await.map(|r| r.ok).unwrap_or(false));
    // An order whose owner does not exist.
    sqlx::query("INSERT INTO orders (id, user_id) VALUES (1, 424242)")
        .execute(&pool)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let report = audit(&pool).await.unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report
            .first_broken
            .unwrap_or_default()
            .contains("user 424242"),
        "the broken order names its missing user"
    );
}

on_both!(
    the_audit_names_entries_and_orders_without_their_owners,
    the_audit_names_entries_and_orders_without_their_owners
);

async fn concurrent_debits_never_overdraw(pool: AnyPool) {
    apply(&pool, &deposit("seed", 1, USDT, 100))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let mut tasks = Vec::new();
    for i in 0..200 {
        let pool = pool.clone();
        tasks.push(tokio::spawn(async move {
            apply(&pool, &transfer(&format!("c{i}"), 1, 2, USDT, 1)).await
        }));
    }
    let mut ok = 0;
    for t in tasks {
        match t.await.unwrap_or_else(|e| panic!("{e}")) {
            Ok(_) => ok += 1,
            Err(LedgerError::Insufficient { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(ok, 100, "exactly the balance moved");
    assert_eq!(balance(&pool, 1, USDT, account::CHANGE).await, Ok((0, 0)));
    assert_eq!(balance(&pool, 2, USDT, account::CHANGE).await, Ok((100, 0)));
    assert!(audit(&pool).await.map(|r| r.ok).unwrap_or(false));
}

on_both!(
    two_hundred_concurrent_debits_never_overdraw,
    concurrent_debits_never_overdraw
);

async fn many_operations_in_one_write(pool: AnyPool) {
    apply(&pool, &deposit("seed", 7, USDT, 1_000))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let ops = vec![
        freeze("f1", 7, USDT, 300),
        freeze("f2", 7, USDT, 200),
        transfer("t1", 7, 8, USDT, 100),
        // A row that does not exist yet, and a system account.
        deposit("d9", 9, BTC, 50),
    ];
    let mut tx = pool.begin().await.unwrap_or_else(|e| panic!("{e}"));
    let ids = post_many(&mut tx, &ops)
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    tx.commit().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ids.len(), 4);
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "ids in the order given: {ids:?}"
    );
    for (op, id) in ops.iter().zip(&ids) {
        let (key,): (String,) =
            sqlx::query_as("SELECT idem_key FROM ledger_operations WHERE id = $1")
                .bind(*id)
                .fetch_one(&pool)
                .await
                .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(key, op.key);
    }
    assert_eq!(
        balance(&pool, 7, USDT, account::CHANGE).await,
        Ok((400, 500))
    );
    assert_eq!(balance(&pool, 8, USDT, account::CHANGE).await, Ok((100, 0)));
    assert_eq!(balance(&pool, 9, BTC, account::CHANGE).await, Ok((50, 0)));
    // The journal reads as if the operations had been applied one by one.
    let after: Vec<(i64,)> = sqlx::query_as(
        "SELECT balance_after FROM ledger_journal WHERE holder = 7 AND currency = $1 AND bucket = 0 ORDER BY id",
    )
    .bind(USDT)
    .fetch_all(&pool)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(after, vec![(1_000,), (700,), (500,), (400,)]);
    assert!(audit(&pool).await.map(|r| r.ok).unwrap_or(false));

    // Operations apply in their order: 7 gives all of its 400, gets 100 back
    // and gives that too, which is covered one by one, so covered here.
    let ops = vec![
        transfer("u1", 7, 8, USDT, 400),
        transfer("u2", 8, 7, USDT, 100),
        transfer("u3", 7, 8, USDT, 100),
    ];
    let mut tx = pool.begin().await.unwrap_or_else(|e| panic!("{e}"));
    post_many(&mut tx, &ops)
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    tx.commit().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(balance(&pool, 7, USDT, account::CHANGE).await, Ok((0, 500)));
    assert_eq!(balance(&pool, 8, USDT, account::CHANGE).await, Ok((500, 0)));
    // The middle one takes 100 when 7 has 50: refused, although the last one
    // would bring 7 back to where it started. Nothing moves.
    let ops = vec![
        transfer("v1", 8, 7, USDT, 50),
        transfer("v2", 7, 8, USDT, 100),
        transfer("v3", 8, 7, USDT, 50),
    ];
    let mut tx = pool.begin().await.unwrap_or_else(|e| panic!("{e}"));
    let refused = post_many(&mut tx, &ops).await;
    assert!(
        matches!(
            refused,
            Err(PostError::Ledger(LedgerError::Insufficient {
                holder: 7,
                ..
            }))
        ),
        "{refused:?}"
    );
    tx.rollback().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(balance(&pool, 7, USDT, account::CHANGE).await, Ok((0, 500)));

    // A key used twice in one write is a duplicate.
    let mut tx = pool.begin().await.unwrap_or_else(|e| panic!("{e}"));
    let twice = post_many(&mut tx, &[freeze("x", 7, USDT, 1), freeze("x", 7, USDT, 1)]).await;
    assert!(matches!(twice, Err(PostError::Duplicate)), "{twice:?}");
    tx.rollback().await.unwrap_or_else(|e| panic!("{e}"));
    assert!(audit(&pool).await.map(|r| r.ok).unwrap_or(false));
}

on_both!(many_operations_in_one_write, many_operations_in_one_write);

/// One step of a random history.
#[derive(Debug, Clone)]
enum Step {
    Deposit {
        user: i64,
        currency: i64,
        amount: i64,
    },
    Transfer {
        from: i64,
        to: i64,
        currency: i64,
        amount: i64,
    },
    Freeze {
        user: i64,
        currency: i64,
        amount: i64,
    },
    Unfreeze {
        user: i64,
        currency: i64,
        amount: i64,
    },
    /// Repeat the idempotency key of an earlier step.
    Replay { back: usize },
}

fn step() -> impl Strategy<Value = Step> {
    let user = 1..4i64;
    let currency = prop_oneof![Just(BTC), Just(USDT)];
    let amount = 1..500i64;
    prop_oneof![
        (user.clone(), currency.clone(), amount.clone()).prop_map(|(user, currency, amount)| {
            Step::Deposit {
                user,
                currency,
                amount,
            }
        }),
        (user.clone(), user.clone(), currency.clone(), amount.clone()).prop_map(
            |(from, to, currency, amount)| Step::Transfer {
                from,
                to,
                currency,
                amount
            }
        ),
        (user.clone(), currency.clone(), amount.clone()).prop_map(|(user, currency, amount)| {
            Step::Freeze {
                user,
                currency,
                amount,
            }
        }),
        (user, currency, amount).prop_map(|(user, currency, amount)| Step::Unfreeze {
            user,
            currency,
            amount
        }),
        (1..5usize).prop_map(|back| Step::Replay { back }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Whatever happens, the database agrees with a simple model: a step applies
    /// exactly when the model can afford it, replays change nothing, and the audit
    /// passes at the end.
    #[test]
    fn random_histories_keep_every_invariant(steps in proptest::collection::vec(step(), 1..40)) {
        block_on(async {
            let pool = fresh_db(false).await.unwrap_or_else(|| panic!("sqlite"));
            let mut model: HashMap<(i64, i64), (i64, i64)> = HashMap::new();
            let mut ops: Vec<Operation> = Vec::new();
            for (i, s) in steps.iter().enumerate() {
                let key = format!("s{i}");
                let (op, change): (Operation, Vec<((i64, i64), i64, i64)>) = match s.clone() {
                    Step::Deposit { user, currency, amount } => (deposit(&key, user, currency, amount), vec![((user, currency), amount, 0)]),
                    Step::Transfer { from, to, currency, amount } => {
                        (transfer(&key, from, to, currency, amount), vec![((from, currency), -amount, 0), ((to, currency), amount, 0)])
                    }
                    Step::Freeze { user, currency, amount } => (freeze(&key, user, currency, amount), vec![((user, currency), -amount, amount)]),
                    Step::Unfreeze { user, currency, amount } => {
                        let mut op = freeze(&key, user, currency, amount);
                        op.postings.iter_mut().for_each(|p| p.amount = -p.amount);
                        (op, vec![((user, currency), amount, -amount)])
                    }
                    Step::Replay { back } => {
                        let Some(earlier) = ops.len().checked_sub(back).and_then(|j| ops.get(j)).cloned() else { continue };
                        // Only applied operations are kept, so this must be a replay that moves nothing.
                        let before = audit(&pool).await.unwrap_or_else(|e| panic!("{e}"));
                        let r = apply(&pool, &earlier).await;
                        assert_eq!(r.map(|a| a.replay), Ok(true));
                        let after = audit(&pool).await.unwrap_or_else(|e| panic!("{e}"));
                        assert_eq!(before.entries, after.entries);
                        continue;
                    }
                };
                let mut next = model.clone();
                let mut affordable = true;
                for (k, da, df) in &change {
                    let e = next.entry(*k).or_default();
                    e.0 += da;
                    e.1 += df;
                    if e.0 < 0 || e.1 < 0 { affordable = false; }
                }
                let r = apply(&pool, &op).await;
                assert_eq!(r.is_ok(), affordable, "step {s:?}: {r:?}");
                if affordable { model = next; ops.push(op); }
            }
            for ((user, currency), (av, fr)) in &model {
                assert_eq!(balance(&pool, *user, *currency, account::CHANGE).await, Ok((*av, *fr)));
            }
            let report = audit(&pool).await.unwrap_or_else(|e| panic!("{e}"));
            assert!(report.ok, "{report:?}");
        });
    }
}
