/** Round user picture with a neutral fallback icon. */
import { UserOutline } from 'antd-mobile-icons';

export function Avatar({ src, size = 40 }: { src?: string | null; size?: number }) {
  return (
    <span className="avatar" style={{ width: size, height: size }}>
      {src ? <img src={src} alt="" /> : <UserOutline fontSize={size * 0.55} />}
    </span>
  );
}
