/** Change the login password. */
import { PageShell } from '../../../components/PageShell';
import { ROUTES } from '../../../lib/constants';
import { PasswordForm } from '../components/PasswordForm';

export default function PasswordPage() {
  return (
    <PageShell backTo={ROUTES.security}>
      <PasswordForm kind="login" />
    </PageShell>
  );
}
