/**
 * In-memory drafts of forms, so a form the user leaves for a picker page (the
 * area-code page) finds its values again on return. Never written to storage:
 * drafts may hold passwords.
 */
const drafts = new Map<string, Record<string, unknown>>();

export function saveDraft(key: string, values: Record<string, unknown>): void {
  drafts.set(key, values);
}

/** Returns the draft once and forgets it. */
export function takeDraft<T extends object>(key: string): Partial<T> | null {
  const draft = drafts.get(key);
  drafts.delete(key);
  return (draft as Partial<T> | undefined) ?? null;
}
