// End-to-end flow of the NFT marketplace in a real browser against the real
// server, whose demo market holds 3 artists and 14 items on fixed-price sale
// (pictures, GIFs, MP3, M4A, MP4, WebM), a cycling auction and a blind-box
// series.
//
//   BOURSE_URL=http://127.0.0.1:PORT ADMIN_EMAIL=… ADMIN_PASSWORD=… [ARTIFACTS_DIR=…] node e2e/nft.mjs
//
// (1) A new user funded with 1000 USDT (a deposit the admin approves) opens
// Home → NFT, filters the artworks by type and searches, opens a
// fixed-price picture, buys it (the purchase page shows the price and the
// spot balance) and finds it under My NFTs. (2) The admin creates, through
// the admin API, an auction ending in about ten minutes on a demo picture;
// the user and a second user (another browser context) each pay the deposit
// and bid (a bid below the next minimum is refused as typed, with the spec's
// message), and the first user's page shows the second user's higher bid
// arrive live, without a reload. (3) The admin creates a series of two blind
// boxes; the user buys both (sold out: the seed is revealed), opens one, sees
// the item revealed, and the series page shows the box verified (✓) by the
// rule the browser recomputes. The resale form refuses what is wrong with
// the spec's messages, lists the bought picture at a fixed price, the admin
// approves it, and it shows on sale. Screenshots nft-<screen>-<lang>.png
// (market, auction detail, mine, series, resale form in zh and en) in
// ARTIFACTS_DIR, each checked for horizontal overflow at 390 × 844; then
// every NFT screen in the nine languages.
import { adminCall, apiAs, fundedUser } from './lib/api.mjs';
import { expectText as expectTextOn, head, signInFunded, typeChecked } from './lib/flow.mjs';
import { LANGS, closePopNotice, confirmDialog, expectToast, locale, login, noOverflowIn, plain, setLang, shot as shotOf, waitForRoute } from './lib/funds.mjs';
import { app, check, noPageErrors, run, step } from './lib/harness.mjs';
import { expectPage } from './lib/page.mjs';

const L = { zh: locale('zh', 'nft').nft, en: locale('en', 'nft').nft, fra: locale('fra', 'nft').nft };

const ROUTES = {
  home: '/pages/index/index',
  market: '/pages/nft/nft',
  artwork: '/pages/nft/artworkDetail',
  bid: '/pages/nft/purchase',
  buy: '/pages/nft/purchase_one',
  resell: '/pages/nft/resell',
  mine: '/pages/nft/mine',
  mineItem: '/pages/nft/myNft',
  series: '/pages/nft/box',
};
const DEPOSIT = '1000';
/** The demo picture the admin's auction shows (the demo market ships it). */
const DEMO_MEDIA = '/media/nft/demo-art-5.webp';
const DEMO_COVER = '/media/nft/demo-cover-box.webp';
/** The demo market's first collection (Lumen Atelier's). */
const COLLECTION = 1;

let page;
const tid = (id, root = page) => root.locator(`[data-testid="${id}"]`);
/** A screenshot nft-<name>.png of the screen at rest, checked for overflow. */
const shot = (name, full = false, p = page) => shotOf(p, `nft-${name}`, { prefix: '', fullPage: full });
const expectText = (selector, want, what, p = page) => expectTextOn(p, selector, want, what);

/** Opens an artwork's page and waits for its sale (or auction) to show. */
async function openArtwork(p, id, ready = '[data-testid="nft-auction"]') {
  await p.goto(app(`${ROUTES.artwork}?id=${id}`));
  await p.locator(`[data-testid="nft-detail"][data-id="${id}"]`).waitFor();
  await p.locator(ready).waitFor();
}

/** Pays the auction's deposit from its page (a confirmation first) and waits for the bid button. */
async function payDeposit(p) {
  await tid('nft-deposit', p).click();
  await tid('nft-deposit-confirm', p).waitFor();
  await confirmDialog(p);
  await p.locator('[data-testid="nft-to-bid"]:not([disabled])').waitFor();
}

/** From an auction's page: the bid page, `price` typed, sent; back on the artwork once taken. */
async function bid(p, price) {
  await tid('nft-to-bid', p).click();
  await waitForRoute(p, ROUTES.bid);
  await tid('nft-bid-form', p).waitFor();
  await p.locator('[data-testid="nft-bid-price"] input').fill(price);
  await p.locator('[data-testid="nft-bid-price-error"]').waitFor({ state: 'detached' });
  await tid('nft-bid-submit', p).click();
  await waitForRoute(p, ROUTES.artwork);
  await tid('nft-auction', p).waitFor();
}

await run('nft', async (open) => {
  page = await open('user');
  let bought = null;
  let auctionItem = null;
  let seriesId = null;

  const user = await signInFunded(page, { tag: 'nft', coin: 'USDT', amount: DEPOSIT });

  await step('Home → NFT: the market lists the artworks with rarity, sale mode, price and sale state', async () => {
    await page.locator('[data-testid="quick-grid"] [data-key="nft"]').click();
    await waitForRoute(page, ROUTES.market);
    await tid('nft-artwork').first().waitFor();
    const first = tid('nft-artwork').first();
    for (const part of ['nft-rarity', 'nft-mode', 'nft-sale-status', 'nft-artwork-price', 'nft-fav']) await tid(part, first).waitFor();
    check((await page.locator('[data-testid="nft-artwork"][data-mode="normal"] [data-testid="nft-mode"]').first().innerText()).trim() === L.zh.mode.normal, 'a fixed-price sale reads "一口价"');
    check((await page.locator('[data-testid="nft-artwork"][data-status="1"] [data-testid="nft-sale-status"]').first().innerText()).trim() === L.zh.sale.onSale, 'a sale in progress reads "在售"');
    await shot('market-zh');
  });

  await step('the artworks filter by type, and the search finds one by name', async () => {
    await tid('nft-type-image').click();
    await page.waitForFunction(() => location.hash.includes('type=image'));
    await expectPage(
      page,
      () => {
        const cards = [...document.querySelectorAll('[data-testid="nft-artwork"]')];
        return cards.length > 0 && cards.every((c) => c.getAttribute('data-type') === 'image');
      },
      null,
      'only pictures are listed',
      () => [...document.querySelectorAll('[data-testid="nft-artwork"]')].map((c) => c.getAttribute('data-type')),
    );
    await page.locator('[data-testid="nft-search"] input').fill('Nebula');
    await page.waitForFunction(() => location.hash.includes('q=Nebula'));
    await expectPage(
      page,
      () => {
        const names = [...document.querySelectorAll('[data-testid="nft-artwork-name"]')].map((n) => n.textContent);
        return names.length === 1 && names[0] === 'Nebula Drift';
      },
      null,
      'the search lists "Nebula Drift" alone',
      () => [...document.querySelectorAll('[data-testid="nft-artwork-name"]')].map((n) => n.textContent),
    );
    await page.locator('[data-testid="nft-search"] .adm-input-clear').click();
    await page.waitForFunction(() => !location.hash.includes('q='));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="nft-artwork"]').length > 1);
  });

  await step('a fixed-price picture: its page, then the purchase page with the price and the spot balance', async () => {
    const card = page.locator('[data-testid="nft-artwork"][data-type="image"][data-mode="normal"][data-status="1"]').first();
    await card.waitFor();
    bought = { id: Number(await card.getAttribute('data-id')), name: (await tid('nft-artwork-name', card).innerText()).trim() };
    const listed = await apiAs(page, '/bind_box/getBoxDetail', { id: bought.id });
    bought.price = listed.item.price;
    await card.click();
    await waitForRoute(page, ROUTES.artwork);
    await tid('nft-sale').waitFor();
    check((await tid('nft-detail-name').innerText()).trim() === bought.name, `the page is ${bought.name}'s`);
    await expectText('[data-testid="nft-detail-price"]', `${bought.price}USDT`, 'the price');
    await tid('nft-buy').click();
    await waitForRoute(page, ROUTES.buy);
    await expectText('[data-testid="nft-buy-price"]', `${bought.price}USDT`, 'the purchase page\'s price');
    await expectText('[data-testid="nft-buy-balance"]', '1000.00USDT', 'the spot balance');
  });

  await step('buying it: the artwork is the user\'s, under My NFTs', async () => {
    await tid('nft-buy-confirm').click();
    await expectToast(page, head(L.zh.buy.done) || bought.name);
    await waitForRoute(page, ROUTES.mineItem);
    await page.locator(`[data-testid="nft-my-nft"][data-id="${bought.id}"]`).waitFor();
    const wallet = await apiAs(page, '/bind_box/getMyNFTs', { page: 1, limit: 10 });
    check(wallet.data.some((c) => c.id === bought.id && c.owner === 'me'), `the server lists ${bought.name} among the user's items`);
    await page.goto(app(ROUTES.mine));
    await page.locator(`[data-testid="nft-my-items"] [data-testid="nft-artwork"][data-id="${bought.id}"]`).waitFor();
    await shot('mine-zh');
  });

  await step('the admin creates an auction ending in about ten minutes (admin API)', async () => {
    const card = await adminCall('/nft/item', {
      collection_id: COLLECTION,
      name: `E2E Tide ${Date.now().toString(36)}`,
      intro: 'An auction made by the browser flow.',
      type: 'image',
      media: DEMO_MEDIA,
      rarity: 'rare',
      currency: 'USDT',
      mode: 'auction',
      price: '20',
      step: '2',
      margin: '5',
      ends_at: Date.now() + 10 * 60_000,
    });
    check(card.mode === 'auction' && card.sale_status === 1, `the item is on auction (got ${JSON.stringify(card)})`);
    auctionItem = card;
  });

  await step('the user pays the deposit and bids the opening price', async () => {
    await openArtwork(page, auctionItem.id);
    await expectText('[data-testid="nft-min-bid"]', '20USDT', 'the least first bid');
    await payDeposit(page);
    await bid(page, '20');
    await tid('nft-leading').waitFor();
    await expectText('[data-testid="nft-current-bid"]', '20USDT', 'the current bid');
    // The step and the deposit say their coin; one bidder reads in the singular where the language has one.
    await expectText('[data-testid="nft-step"]', '2USDT', 'the step, with its coin');
    await expectText('[data-testid="nft-deposit-figure"]', '5USDT', 'the deposit, with its coin');
    await expectText('[data-testid="nft-bids"]', L.zh.auction.bidsValue_other.replace('{{bids}}', '1').replace('{{count}}', '1'), 'the bids and bidders');
  });

  const other = await open('bidder');
  await step('a second user pays the deposit; a bid under the next minimum is refused as typed', async () => {
    const b = await fundedUser('nftb', 'USDT', DEPOSIT);
    await login(other, b.email, b.password);
    await openArtwork(other, auctionItem.id);
    await expectText('[data-testid="nft-min-bid"]', '22USDT', 'the next minimum (20 + 2)');
    await payDeposit(other);
    await tid('nft-to-bid', other).click();
    await waitForRoute(other, ROUTES.bid);
    await typeChecked(other, 'nft-bid-price', '21', 'low');
    check((await tid('nft-bid-price-error', other).innerText()).includes(head(L.zh.bid.errors.low).split('：')[0]), 'the refusal says the bid must be greater than the current bid');
    await typeChecked(other, 'nft-bid-price', '21.1234567', 'decimals');
  });

  await step('the second user bids 30; the first user sees it arrive live, without a reload', async () => {
    // A mark on the first user's page: a reload would wipe it.
    await page.evaluate(() => {
      window.__nftNoReload = true;
    });
    await other.locator('[data-testid="nft-bid-price"] input').fill('30');
    await other.locator('[data-testid="nft-bid-price-error"]').waitFor({ state: 'detached' });
    await tid('nft-bid-submit', other).click();
    await waitForRoute(other, ROUTES.artwork);
    await tid('nft-leading', other).waitFor();
    await expectText('[data-testid="nft-current-bid"]', '30USDT', 'the first user\'s current bid, live', page);
    await expectText('[data-testid="nft-min-bid"]', '32USDT', 'the first user\'s next minimum, live', page);
    await tid('nft-leading').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="nft-bid-row"]').length === 2);
    check(await page.evaluate(() => window.__nftNoReload === true), 'the first user\'s page was not reloaded');
    await shot('detail-auction-zh', true);
  });

  await step('the admin creates a series of two blind boxes (admin API)', async () => {
    const made = await adminCall('/nft/series', {
      collection_id: COLLECTION,
      name: `E2E Duo ${Date.now().toString(36)}`,
      intro: 'Two boxes: one common, one rare.',
      cover: DEMO_COVER,
      currency: 'USDT',
      price: '5',
      ends_at: Date.now() + 86_400_000,
      items: JSON.stringify([
        { name: 'Duo Light', type: 'image', media: '/media/nft/demo-art-1.webp', rarity: 'common' },
        { name: 'Duo Bloom', type: 'image', media: '/media/nft/demo-art-2.webp', rarity: 'rare' },
      ]),
    });
    seriesId = made.id;
  });

  await step('the user buys both boxes: the series sells out and its seed is revealed', async () => {
    await page.goto(app(`${ROUTES.series}?id=${seriesId}`));
    await tid('nft-series').waitFor();
    await tid('nft-seed-secret').waitFor();
    for (const n of [1, 2]) {
      await tid('nft-buy-box').click();
      await tid('nft-buy-box-confirm').waitFor();
      await expectText('[data-testid="nft-buy-box-price"]', '5USDT', 'the box price');
      await confirmDialog(page);
      await page.waitForFunction((k) => document.querySelectorAll('[data-testid="nft-series-boxes"] [data-testid="nft-box"]').length === k, n);
    }
    await page.locator('[data-testid="nft-series"][data-revealed="true"]').waitFor();
    await tid('nft-seed').waitFor();
    await expectText('[data-testid="nft-series-sold"]', '2/2', 'sold of total');
  });

  await step('opening a box reveals its item, and the series page shows it verified (✓) by the rule', async () => {
    const box = page.locator('[data-testid="nft-series-boxes"] [data-testid="nft-box"][data-opened="false"]').first();
    const number = await box.getAttribute('data-number');
    await tid('nft-open-box', box).click();
    await tid('nft-reveal').waitFor();
    const name = (await tid('nft-reveal-name').innerText()).trim();
    check(['Duo Light', 'Duo Bloom'].includes(name), `the box held one of the series' items (got ${name})`);
    await tid('nft-reveal-close').click();
    await tid('nft-reveal').waitFor({ state: 'detached' });
    const opened = page.locator(`[data-testid="nft-series-boxes"] [data-testid="nft-box"][data-number="${number}"][data-opened="true"]`);
    await opened.waitFor();
    await page.locator(`[data-testid="nft-box"][data-number="${number}"] [data-testid="nft-box-check"][data-check="verified"]`).waitFor();
    await page.locator('[data-testid="nft-browser-check"][data-hash-ok="true"][data-agrees="true"]').waitFor();
    check((await tid('nft-verify-command').innerText()).includes(`N=2;`), 'the shell command names the series\' two slots');
    await shot('series-zh', true);
  });

  await step('the resale form refuses what is wrong with the spec\'s messages', async () => {
    await page.goto(app(`${ROUTES.resell}?id=${bought.id}`));
    await tid('nft-resell-form').waitFor();
    await tid('nft-mode-auction').click();
    await page.locator('[data-testid="nft-resell-form"][data-mode="auction"]').waitFor();
    await tid('nft-resell-submit').click();
    await expectText('[data-testid="nft-resell-price-error"]', plain(L.zh.resell.errors.price), 'the price refusal');
    await expectText('[data-testid="nft-resell-step-error"]', plain(L.zh.resell.errors.step), 'the increment refusal');
    await page.locator('[data-testid="nft-resell-price"] input').fill('100');
    // 100 less 5 % royalty and 2.5 % fee.
    await expectText('[data-testid="nft-receive"]', '92.5USDT', 'what the seller receives');
    await page.locator('[data-testid="nft-resell-step"] input').fill('5');
    await tid('nft-resell-step-error').waitFor({ state: 'detached' });
    await shot('resell-zh', true);
  });

  await step('a fixed-price resale waits for review; approved by the admin, it is on sale', async () => {
    await tid('nft-mode-normal').click();
    await page.locator('[data-testid="nft-resell-price"] input').fill('88');
    await expectText('[data-testid="nft-receive"]', '81.4USDT', 'what the seller receives at 88');
    await tid('nft-resell-submit').click();
    await waitForRoute(page, ROUTES.mineItem);
    await page.locator('[data-testid="nft-my-nft"][data-state="review"]').waitFor();
    const queue = await adminCall('/nft/listings', { status: 0, page: 1, limit: 50 }, 'GET');
    const listing = queue.data.find((l) => l.item_id === bought.id);
    check(listing && listing.price === '88' && listing.seller_id === user.id, `the listing is in the admin's review queue (got ${JSON.stringify(queue.data.slice(0, 2))})`);
    await adminCall('/nft/review', { id: listing.id, approve: 1 });
    await page.reload();
    await page.locator('[data-testid="nft-my-nft"][data-state="onSale"]').waitFor();
    await tid('nft-withdraw').waitFor();
  });

  await step('the screens in English', async () => {
    await setLang(page, 'en');
    await page.goto(app(ROUTES.market));
    await tid('nft-artwork').first().waitFor();
    check((await page.locator('.page-heading h1').innerText()).trim() === L.en.title, 'the market is in English');
    await shot('market-en');
    await openArtwork(page, auctionItem.id);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="nft-bid-row"]').length === 2);
    await expectText('[data-testid="nft-bids"]', '2 (2 bidders)', 'two bidders in the plural');
    await expectText('[data-testid="nft-step"]', '2USDT', 'the step, with its coin');
    await shot('detail-auction-en', true);
    await page.goto(app(ROUTES.mine));
    await page.locator(`[data-testid="nft-my-items"] [data-testid="nft-artwork"][data-id="${bought.id}"]`).waitFor();
    await shot('mine-en');
    await page.goto(app(`${ROUTES.mine}?tab=messages`));
    await tid('nft-message').first().waitFor();
    await shot('messages-en');
    await page.goto(app(`${ROUTES.series}?id=${seriesId}`));
    await page.locator('[data-testid="nft-box-check"][data-check="verified"]').waitFor();
    await shot('series-en', true);
    const mine = (await apiAs(page, '/bind_box/getMyNFTs', { page: 1, limit: 20 })).data.find((c) => c.id !== bought.id && c.listing_status === null);
    check(mine, 'the user owns an unlisted item (the opened box\'s)');
    await page.goto(app(`${ROUTES.resell}?id=${mine.id}`));
    await tid('nft-resell-form').waitFor();
    await tid('nft-mode-auction').click();
    await page.locator('[data-testid="nft-resell-price"] input').fill('100');
    await expectText('[data-testid="nft-receive"]', '92.5USDT', 'what the seller receives');
    await shot('resell-en', true);
    await setLang(page, 'zh');
  });

  await step('the auction in French: coins on the step and the deposit, bidders in the plural', async () => {
    await setLang(page, 'fra');
    await openArtwork(page, auctionItem.id);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="nft-bid-row"]').length === 2);
    await expectText('[data-testid="nft-bids"]', L.fra.auction.bidsValue_other.replace('{{bids}}', '2').replace('{{count}}', '2'), 'two bidders in French');
    await expectText('[data-testid="nft-deposit-figure"]', '5USDT', 'the deposit, with its coin');
    await shot('detail-auction-fra', true);
    await page.goto(app(ROUTES.market));
    await tid('nft-artwork').first().waitFor();
    await shot('market-fra');
    await setLang(page, 'zh');
  });

  await step('no NFT screen overflows in any of the nine languages', async () => {
    await noOverflowIn(page, LANGS, [
      [ROUTES.market, '[data-testid="nft-artwork"]'],
      [`${ROUTES.market}?tab=boxes`, '[data-testid="nft-series-card"]'],
      [`${ROUTES.artwork}?id=${auctionItem.id}`, '[data-testid="nft-bid-row"]'],
      [`${ROUTES.mine}?tab=messages`, '[data-testid="nft-message"]'],
      [`${ROUTES.series}?id=${seriesId}`, '[data-testid="nft-box-check"]'],
      [`${ROUTES.mineItem}?id=${bought.id}`, '[data-testid="nft-listing-state"]'],
    ]);
    await setLang(page, 'zh');
  });

  await step('the home page still leads to the market after all this', async () => {
    await page.goto(app(ROUTES.home));
    await closePopNotice(page);
    await page.locator('[data-testid="quick-grid"] [data-key="nft"]').click();
    await waitForRoute(page, ROUTES.market);
  });

  await step('no uncaught page errors', noPageErrors);
});
