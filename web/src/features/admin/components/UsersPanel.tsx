/**
 * The admin's list of accounts, newest first, page after page: each with its
 * account (in full), id, role and creation time. Accounts that exist for the
 * demo (the demo user and the demo traders, whose orders are real) carry a
 * "Demo" tag, so their activity is not mistaken for a customer's.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../shared/funds/StatusTag';
import { PagedList } from '../../../components/PagedList';
import { PAGE_LIMIT } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import { useLazyGetAdminUsersQuery, type AdminUser } from '../api';

/** Admins stand out; people and the platform's own accounts read plainly. */
const ROLE_TONES: Record<string, StatusTone> = { admin: 'success' };

function UserCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return (
    <article className="funds-item" data-testid="admin-user" data-account={user.account} data-id={user.id}>
      <header className="funds-item-head">
        <span className="admin-name">
          <strong className="ellipsis">{user.account || `#${user.id}`}</strong>
          {user.demo ? (
            <span className="admin-demo-tag" data-testid="admin-user-demo">
              {t('admin.demo')}
            </span>
          ) : null}
        </span>
        <StatusTag tone={ROLE_TONES[user.role] ?? 'muted'}>{t(`admin.users.roles.${user.role}`, { defaultValue: user.role })}</StatusTag>
      </header>
      <div className="funds-line">
        <span className="funds-line-label">{t('admin.users.id')}</span>
        <span className="funds-line-value">{user.id}</span>
      </div>
      <div className="funds-line">
        <span className="funds-line-label">{t('admin.users.created')}</span>
        <span className="funds-line-value">{formatDateTime(user.created_at)}</span>
      </div>
    </article>
  );
}

export function UsersPanel() {
  const { t } = useTranslation();
  const [fetchUsers] = useLazyGetAdminUsersQuery();
  const fetchPage = useCallback((page: number) => fetchUsers({ page, limit: PAGE_LIMIT }).unwrap(), [fetchUsers]);
  return (
    <div data-testid="admin-users">
      <PagedList<AdminUser>
        resetKey="users"
        fetchPage={fetchPage}
        itemKey={(u) => u.id}
        emptyTitle={t('admin.users.empty')}
        renderItem={(u) => <UserCard user={u} />}
      />
    </div>
  );
}
