import type { MouseEvent } from 'react';

// spec §9: the share popup is 600x400
const POPUP_FEATURES = 'width=600,height=400,noopener,noreferrer';

type ShareUrl = (page: string, title: string) => string;

const networks: { name: string; url: ShareUrl }[] = [
  {
    name: 'Facebook',
    url: (page) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(page)}`,
  },
  {
    name: 'Twitter',
    url: (page, title) =>
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(page)}&text=${encodeURIComponent(title)}`,
  },
  {
    name: 'LinkedIn',
    url: (page) =>
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(page)}`,
  },
];

/**
 * Share links for a story (spec §2). Without JavaScript they open the network's page in a new
 * tab; with it, a 600x400 popup with the address the reader is on and the title.
 */
export function ShareButtons({ pageUrl, title }: { pageUrl: string; title: string }) {
  const openPopup = (event: MouseEvent<HTMLAnchorElement>, url: ShareUrl) => {
    event.preventDefault();
    window.open(url(window.location.href, title), 'share', POPUP_FEATURES);
  };
  return (
    <ul aria-label="Share this story" className="flex flex-wrap gap-2">
      {networks.map((network) => (
        <li key={network.name}>
          <a
            href={network.url(pageUrl, title)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => openPopup(event, network.url)}
            className="inline-block rounded-full px-4 py-2 text-sm font-medium ring-1 ring-stone hover:bg-sand"
          >
            Share on {network.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
