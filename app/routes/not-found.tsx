import { data } from 'react-router';

// spec §2: every unknown path is the 404 page, rendered by the root error boundary.
export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Oops! Page not found' }];
}

export default function NotFoundRoute() {
  return null;
}
