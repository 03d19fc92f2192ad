/**
 * Helpers every browser flow shares. Each waits for what a person would see,
 * never for a fixed time.
 */

/**
 * Waits until the screen is at rest: fonts and images loaded, CSS animations
 * finished and the spring-animated popups still (no inline style changed from
 * one frame to the next). Bounded (3 s), so a screen that never rests is taken as is.
 */
export async function settle(p) {
  await p.evaluate(async () => {
    const deadline = Date.now() + 3000;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const loaded = (img) => new Promise((r) => { img.addEventListener('load', r, { once: true }); img.addEventListener('error', r, { once: true }); });
    const bounded = (promise) => Promise.race([promise, new Promise((r) => setTimeout(r, Math.max(deadline - Date.now(), 0)))]);
    await bounded(document.fonts.ready);
    await bounded(Promise.all([...document.images].filter((i) => !i.complete && i.loading !== 'lazy').map(loaded)));
    const finite = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    await bounded(Promise.all(finite.map((a) => a.finished.catch(() => undefined))));
    const styles = () => [...document.querySelectorAll('[style]')].map((e) => e.getAttribute('style')).join('|');
    let before = styles();
    while (Date.now() < deadline) {
      await frame();
      const now = styles();
      if (now === before) return;
      before = now;
    }
  });
}

/**
 * Waits until `fn(arg)` holds in `page`; on a time-out, fails with `message`
 * and what `show(arg)` reads then.
 */
export async function expectPage(page, fn, arg, message, show = () => '') {
  try {
    await page.waitForFunction(fn, arg);
  } catch {
    const got = await page.evaluate(show, arg).catch(() => '(page gone)');
    throw new Error(`assertion failed: ${message} (got ${JSON.stringify(got)})`);
  }
}

/**
 * Waits for a toast saying `text` (a string, or a pattern) and answers what it
 * says; on a time-out, reports what the toasts said instead.
 */
export async function expectToast(page, text) {
  const toast = page.locator('.adm-toast-main', { hasText: text });
  try {
    await toast.waitFor({ state: 'visible' });
  } catch {
    const shown = await page.locator('.adm-toast-main').allInnerTexts().catch(() => []);
    throw new Error(`expected the toast ${typeof text === 'string' ? `"${text}"` : text}, saw ${JSON.stringify(shown)}`);
  }
  return (await toast.first().innerText()).trim();
}
