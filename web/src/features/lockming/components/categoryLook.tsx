/** Icon and tint of each kind of product (the same as Home's quick entries for them). */
import { AntOutline, CompassOutline, LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import type { LockCategory } from '../../../shared/lock/routes';

export const CATEGORY_LOOK: Record<LockCategory, { icon: ReactNode; tint: string }> = {
  lock: { icon: <LockOutline />, tint: '#f0b90b' },
  defi: { icon: <AntOutline />, tint: '#2ec4b6' },
  cloud: { icon: <CompassOutline />, tint: '#3d8bfd' },
};

/** The category's icon on a disc of its tint. */
export function CategoryIcon({ category, size = 40 }: { category: LockCategory; size?: number }) {
  const look = CATEGORY_LOOK[category];
  return (
    <span className="lm-cat-icon" style={{ width: size, height: size, fontSize: size * 0.55, color: look.tint, background: `${look.tint}1f` }} aria-hidden="true">
      {look.icon}
    </span>
  );
}
