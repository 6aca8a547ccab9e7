/**
 * The one table of truth for catalogue categories (spec §3).
 *
 * The storefront shows `name` and routes by `slug`; the admin console shows `adminName` and
 * stores `adminValue` in `products.category`.
 */
export const categories = [
  {
    slug: 'culinary-crafts',
    name: 'Culinary Crafts',
    adminName: 'Culinary Delights',
    adminValue: 'culinary',
    description:
      'Cake stands, serving bowls and pottery carved and thrown by hand, made to bring a little ceremony to every table.',
    subcategories: ['Cake Stands', 'Serving Bowls', 'Pottery', 'Storage'],
  },
  {
    slug: 'divine-artistry',
    name: 'Divine Artistry',
    adminName: 'Divine Creations',
    adminValue: 'divine',
    description:
      'Ganesh sculptures, Krishna art and spiritual figurines shaped by families who have carved the sacred for generations.',
    subcategories: ['Ganesh Sculptures', 'Krishna Art', 'Spiritual Figurines', 'Decorative Pieces'],
  },
  {
    slug: 'artisan-home-serenity',
    name: 'Artisan Home Serenity',
    adminName: 'Home Elegance',
    adminValue: 'home',
    description:
      'Candle holders, soap dishes, urlis and oil diffusers that turn everyday corners into calm, handcrafted spaces.',
    subcategories: [
      'Candle Holders',
      'Soap Dishes',
      'Urlis',
      'Oil Diffusers',
      'Lanterns',
      'Crystal Decor',
      'Desk Accessories',
    ],
  },
  {
    slug: 'crafted-sip-smoke',
    name: 'Crafted Sip & Smoke',
    adminName: 'Sip & Smoke',
    adminValue: 'sip-smoke',
    description:
      'Wine chillers, coasters and ashtrays in marble and brass, finished by hand for slow evenings and good company.',
    subcategories: ['Wine Chillers', 'Coasters', 'Ashtrays'],
  },
] as const;

export type Category = (typeof categories)[number];
export type CategorySlug = Category['slug'];
export type CategoryValue = Category['adminValue'];

export const categoryValues = categories.map((category) => category.adminValue) as [
  CategoryValue,
  ...CategoryValue[],
];

export function findCategoryBySlug(slug: string): Category | undefined {
  return categories.find((category) => category.slug === slug);
}

export function findCategoryByValue(value: string): Category | undefined {
  return categories.find((category) => category.adminValue === value);
}
