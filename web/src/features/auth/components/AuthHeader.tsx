/** Logo and greeting at the top of the login, register and recovery pages. */
export function AuthHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="auth-header">
      <img className="auth-logo" src={`${import.meta.env.BASE_URL}logo.svg`} alt="" />
      <h1>{title}</h1>
      <p>{subtitle}</p>
    </div>
  );
}
