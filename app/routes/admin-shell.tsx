import { Outlet } from 'react-router';

// issue 18: the back office's shell; filled in by its own commit.
export default function AdminShell() {
  return <Outlet />;
}
