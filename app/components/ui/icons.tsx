/**
 * The shop's icons (docs/decisions/020): each one an inline <svg> that `<use>`s a symbol of one static
 * sprite, so the client bundle carries no icon library, only these one-line components.
 *
 * The shapes are Lucide's (lucide-react, ISC license), copied into app/assets/icons.svg by
 * `npm run icons` (scripts/generate-icon-sprite.ts), which reads the `export const Name =
 * icon('id');` lines below: Name is the lucide-react icon, id its symbol. To add an icon, add a
 * line and run it; icons.test.tsx fails while the sprite is out of date.
 */
import type { JSX, SVGProps } from 'react';
// A file of its own with a hashed name (cached for a year), even though it is small: Vite would
// inline it as a data: URL, and browsers refuse a <use> that points into one.
import spriteUrl from '../../assets/icons.svg?url&no-inline';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height together, as Lucide's `size`; an h-… w-… class overrides it. */
  size?: number | string;
}

export type IconComponent = (props: IconProps) => JSX.Element;

/** As Lucide decides: an icon with no accessible name of its own is hidden from assistive tech. */
function hasAccessibleProp(props: IconProps): boolean {
  return Object.entries(props).some(
    ([name, value]) =>
      (name.startsWith('aria-') || name === 'role' || name === 'title') && value != null,
  );
}

/**
 * One symbol of the sprite, drawn as Lucide draws it: a 24-unit stroke of the text colour. The
 * stroke and fill are set here, not in the sprite, so a class (fill-danger, text-brass-700) or an
 * attribute such as strokeWidth reaches the shapes.
 */
export function Icon({ name, size = 24, ...props }: IconProps & { name: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={hasAccessibleProp(props) ? undefined : 'true'}
      {...props}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

function icon(name: string): IconComponent {
  return (props) => <Icon name={name} {...props} />;
}

export const AlertTriangle = icon('alert-triangle');
export const AlignJustify = icon('align-justify');
export const ArrowDown = icon('arrow-down');
export const ArrowLeft = icon('arrow-left');
export const ArrowUp = icon('arrow-up');
export const BadgeCheck = icon('badge-check');
export const Check = icon('check');
export const ChevronDown = icon('chevron-down');
export const ClipboardList = icon('clipboard-list');
export const Clock = icon('clock');
export const Copy = icon('copy');
export const Download = icon('download');
export const Eye = icon('eye');
export const EyeOff = icon('eye-off');
export const FileText = icon('file-text');
export const Gem = icon('gem');
export const Handshake = icon('handshake');
export const Heart = icon('heart');
export const HeartHandshake = icon('heart-handshake');
export const Landmark = icon('landmark');
export const LayoutGrid = icon('layout-grid');
export const List = icon('list');
export const LogOut = icon('log-out');
export const Mail = icon('mail');
export const MapPin = icon('map-pin');
export const Menu = icon('menu');
export const MessageCircle = icon('message-circle');
export const Mic = icon('mic');
export const MicOff = icon('mic-off');
export const Package = icon('package');
export const Pencil = icon('pencil');
export const Phone = icon('phone');
export const Plus = icon('plus');
export const RefreshCw = icon('refresh-cw');
export const RotateCcw = icon('rotate-ccw');
export const Search = icon('search');
export const ShieldCheck = icon('shield-check');
export const Star = icon('star');
export const Store = icon('store');
export const ThumbsUp = icon('thumbs-up');
export const Trash2 = icon('trash-2');
export const Truck = icon('truck');
export const Upload = icon('upload');
export const User = icon('user');
export const X = icon('x');
