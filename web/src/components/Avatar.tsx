/** Round user picture with a neutral fallback icon; a picture that failed offline is asked again once back. */
import { UserOutline } from 'antd-mobile-icons';
import { RetryImage } from './RetryImage';

export function Avatar({ src, size = 40 }: { src?: string | null; size?: number }) {
  return (
    <span className="avatar" style={{ width: size, height: size }}>
      {src ? <RetryImage src={src} alt="" /> : <UserOutline fontSize={size * 0.55} />}
    </span>
  );
}
