/** Set or change the 6-digit payment password. */
import { PageShell } from '../../../components/PageShell';
import { ROUTES } from '../../../lib/constants';
import { PasswordForm } from '../components/PasswordForm';

export default function PayPasswordPage() {
  return (
    <PageShell backTo={ROUTES.security}>
      <PasswordForm kind="pay" />
    </PageShell>
  );
}
