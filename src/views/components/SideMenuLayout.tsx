import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import '../pages/auth/kit/forms.css';
import '../pages/personal/personal.css';
import { RequireSignIn } from '../pages/personal/RequireSignIn.tsx';

export interface SideMenuItem {
  /** Child route. */
  readonly to: string;
  /** Its label, already translated. */
  readonly label: string;
  /** One SVG path, 24 x 24, drawn as a stroke. */
  readonly icon: string;
}

/**
 * A signed-in section with a left menu of its child routes and the chosen page beside it (the
 * personal centre and the wallet). Visitors are sent to log in with the return page.
 */
export function SideMenuLayout({
  title,
  label,
  items,
  className,
  testId,
}: {
  title: ReactNode;
  label: string;
  items: readonly SideMenuItem[];
  /** Extra class of the section, for its own styles. */
  className?: string;
  testId: string;
}) {
  return (
    <RequireSignIn>
      <div className={className ? `personal ${className}` : 'personal'} data-testid={testId}>
        <nav className={className ? `personal-menu ${className}-menu` : 'personal-menu'} aria-label={label}>
          <p className="personal-menu-title">{title}</p>
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) => (isActive ? 'active' : undefined)}
            >
              <svg
                aria-hidden="true"
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              >
                <path d={item.icon} />
              </svg>
              <span>{item.label}</span>
            </NavLink>
          ))}
        </nav>
        <div className="personal-content">
          <Outlet />
        </div>
      </div>
    </RequireSignIn>
  );
}
