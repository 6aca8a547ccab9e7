import { Gem, Handshake, HeartHandshake, Landmark } from '../components/ui/icons';
import { Link } from 'react-router';
import { appContext } from '../../server/http/app-context';
import { listBestSellers } from '../../server/modules/catalog';
import { ProductImage } from '../components/catalog/product-image';
import { NewsletterForm } from '../components/community/newsletter-form';
import { QuoteButton } from '../components/quotation/quote-button';
import { RevealSection } from '../components/ui/reveal';
import { pageMeta, siteFromMatches } from '../components/layout/simple-page';
import { organizationAndWebsite } from '../components/layout/structured-data';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, site } = context.get(appContext);
  const bestSellers = await listBestSellers(db);
  return {
    shopName: site.shopName,
    tagline: site.tagline,
    // docs/requirements.md §2: the stat tiles and the newsletter's line are settings, sent as data
    // so their words never join the page's script.
    stats: ([1, 2, 3, 4] as const).map((tile) => ({
      value: site[`homeStat${tile}Value`],
      label: site[`homeStat${tile}Label`],
    })),
    newsletterLine: site.newsletterLine,
    bestSellers: bestSellers.map(({ id, name, primaryImage }) => ({ id, name, primaryImage })),
  };
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  const { publicUrl } = siteFromMatches(args.matches);
  return pageMeta(args, 'Handcrafted Indian Artisan Decor', description, {
    image: loaderData.bestSellers[0]?.primaryImage?.url,
    structuredData: organizationAndWebsite(publicUrl, loaderData.shopName, '/favicon.svg'),
  });
}

const description =
  'Handcrafted stone, marble, brass and crystal decor from Indian artisans. Browse the collection and request a custom quotation.';

// spec §2: the about section's four values
const values = [
  {
    icon: HeartHandshake,
    title: 'Crafted with Care',
    text: 'Every piece is carved, cast or thrown by hand, and checked by us before it leaves the workshop.',
  },
  {
    icon: Landmark,
    title: 'Cultural Heritage',
    text: 'Techniques kept alive by families of artisans, some for more than five generations.',
  },
  {
    icon: Gem,
    title: 'Curated Collection',
    text: 'Marble, brass, stone and crystal pieces chosen for their craft, not for the catalogue.',
  },
  {
    icon: Handshake,
    title: 'B2B Partnerships',
    text: 'Custom runs for hotels, designers and gift companies, quoted to your quantity.',
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { bestSellers, stats, newsletterLine } = loaderData;
  const heroImage = bestSellers[0]?.primaryImage ?? null;
  return (
    <>
      <section className="bg-sand">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-[3fr_2fr] md:py-24">
          <div className="flex flex-col items-start gap-6">
            <p className="text-sm font-semibold tracking-widest text-brass-700 uppercase">
              {loaderData.tagline}
            </p>
            <h1 className="max-w-3xl text-4xl leading-tight font-semibold md:text-6xl">
              Handcrafted heritage for the modern home
            </h1>
            <p className="max-w-2xl text-lg text-ink-muted">
              Marble, brass, stone and crystal pieces made by hand in the workshops of India&apos;s
              master artisans. Every piece is made to order: tell us what you need and we will send
              you a quotation.
            </p>
            <div className="flex flex-wrap gap-4">
              <Link
                to="/shop"
                className="rounded-full bg-ink px-7 py-3 font-medium text-ivory hover:bg-brass-800"
              >
                Shop Now
              </Link>
              <Link
                to="/about"
                className="rounded-full px-7 py-3 font-medium text-ink ring-1 ring-ink hover:bg-ivory"
              >
                Our Story
              </Link>
            </div>
          </div>
          {heroImage ? (
            // Hidden on phones, where the heading is the largest paint: preloaded from md up only.
            <ProductImage
              image={heroImage}
              priority
              shownFrom="(min-width: 768px)"
              sizes="(min-width: 1152px) 440px, 40vw"
              className="hidden rounded-3xl shadow-lg md:block"
            />
          ) : null}
        </div>
      </section>

      <RevealSection aria-labelledby="best-sellers" className="mx-auto max-w-6xl px-4 py-20">
        <h2 id="best-sellers" className="text-center text-3xl font-semibold md:text-4xl">
          Our Best Selling Products
        </h2>
        <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3 md:gap-6 lg:grid-cols-4">
          {bestSellers.map((product) => (
            <li
              key={product.id}
              className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone/60"
            >
              <Link to={`/product/${product.id}`} className="group flex flex-1 flex-col">
                <ProductImage image={product.primaryImage} />
                <h3 className="px-4 pt-3 font-sans text-base font-semibold group-hover:underline">
                  {product.name}
                </h3>
              </Link>
              <div className="p-4 pt-2">
                <QuoteButton
                  product={product}
                  className="w-full rounded-full bg-ink px-4 py-2 text-center text-sm font-medium text-ivory hover:bg-brass-800"
                />
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link
            to="/shop"
            className="inline-block rounded-full px-7 py-3 font-medium ring-1 ring-ink hover:bg-sand"
          >
            View All Products
          </Link>
        </div>
      </RevealSection>

      <RevealSection aria-labelledby="about-heading" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h2 id="about-heading" className="text-center text-3xl font-semibold md:text-4xl">
            Why {loaderData.shopName}
          </h2>
          <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {values.map((value) => (
              <li key={value.title} className="text-center">
                <value.icon aria-hidden="true" className="mx-auto h-10 w-10 text-brass-700" />
                <h3 className="mt-4 text-xl font-semibold">{value.title}</h3>
                <p className="mt-2 text-ink-muted">{value.text}</p>
              </li>
            ))}
          </ul>
          <dl className="mt-16 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {stats.map((stat, index) => (
              <div key={index} className="flex flex-col rounded-2xl bg-sand p-6 text-center">
                <dt className="text-sm text-ink-muted">{stat.label}</dt>
                <dd className="order-first font-display text-4xl font-semibold wrap-anywhere text-brass-700">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
          <figure className="mx-auto mt-16 max-w-3xl text-center">
            <blockquote className="font-display text-2xl leading-relaxed italic md:text-3xl">
              &ldquo;Every item we offer tells a story of culture, history and skill, passed from
              one pair of hands to the next.&rdquo;
            </blockquote>
          </figure>
        </div>
      </RevealSection>

      <RevealSection aria-labelledby="newsletter-heading" className="bg-sand">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center">
          <h2 id="newsletter-heading" className="text-3xl font-semibold">
            Stories from the workshops, in your inbox
          </h2>
          {/* spec §2: the home newsletter's marketing line */}
          {newsletterLine ? <p className="mt-3 text-ink-muted">{newsletterLine}</p> : null}
          <div className="mt-6 flex w-full justify-center">
            <NewsletterForm source="home" />
          </div>
        </div>
      </RevealSection>
    </>
  );
}
