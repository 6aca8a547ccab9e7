import { redirect } from 'react-router';

// spec §6: the product console sends signed-out visitors to /auth. Sessions arrive with the
// identity issue; until then every visitor is signed out.
export function loader() {
  throw redirect('/auth');
}

export default function ProductConsole() {
  return null;
}
