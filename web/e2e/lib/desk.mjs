/**
 * The admin's review desk as a person works it: approve (after the question
 * naming what moves and whose it is) or reject with a reason, then find the
 * request under the filter of its new state.
 */
import { app, check } from './harness.mjs';
import { confirmDialog, shot, zh } from './funds.mjs';

/**
 * A decided request leaves the Pending list at once and is found under the
 * filter of its new state.
 */
export async function decided(admin, kind, id, state) {
  await admin.locator(`[data-testid="admin-item-${kind}"][data-id="${id}"]`).waitFor({ state: 'detached' });
  const filter = { 1: 'approved', 2: kind === 'verifications' ? 'approved' : 'rejected', 3: 'rejected' }[state];
  await admin.locator(`[data-testid="admin-filter-${filter}"]`).click();
  await admin.waitForFunction(
    ([k, i, s]) => document.querySelector(`[data-testid="admin-item-${k}"][data-id="${i}"]`)?.getAttribute('data-state') === s,
    [kind, String(id), String(state)],
  );
  return admin.locator(`[data-testid="admin-item-${kind}"][data-id="${id}"]`);
}

/**
 * The admin approves (or rejects with a reason) the request `id` of a queue.
 * Approving asks first, naming what moves and whose it is (`expectConfirm`:
 * the texts the question must hold). Rejecting with an empty reason stops at
 * the message that a reason is needed, the dialog still open.
 */
export async function review(admin, kind, id, decision, reason, expectConfirm = []) {
  await admin.goto(app(`/pages/admin/index?tab=${kind}`));
  const item = admin.locator(`[data-testid="admin-item-${kind}"][data-id="${id}"]`);
  await item.waitFor();
  if (decision === 'approve') {
    await item.locator('[data-testid="admin-approve"]').click();
    const question = admin.locator('[data-testid="admin-approve-confirm"]');
    await question.waitFor();
    const said = await question.innerText();
    for (const text of expectConfirm) check(said.includes(text), `the confirmation names ${text} ("${said}")`);
    await shot(admin, `admin-approve-confirm-${kind}`);
    await confirmDialog(admin);
  } else {
    await item.locator('[data-testid="admin-reject"]').click();
    const dialog = admin.locator('[data-testid="admin-reject-dialog"]');
    await dialog.waitFor();
    if (reason === '') {
      await admin.locator('.adm-dialog-button', { hasText: zh.admin.reject }).click();
      await admin.getByText(zh.admin.reasonRequired).waitFor();
      return item;
    }
    await dialog.locator('textarea').fill(reason);
    await admin.locator('.adm-dialog-button', { hasText: zh.admin.reject }).click();
  }
  const state = decision === 'approve' ? (kind === 'verifications' ? 2 : 1) : kind === 'verifications' ? 3 : 2;
  return decided(admin, kind, id, state);
}
