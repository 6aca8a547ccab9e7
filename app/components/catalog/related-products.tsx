/** spec §2 Product detail: "You May Also Like", the related pieces with their Get Quote links. */
import { Link } from 'react-router';
import { QuoteButton } from '../quotation/quote-button';
import { ProductImage, type ProductImageData } from './product-image';

/** A related piece as the product page's loader sends it: what the card shows. */
interface RelatedPiece {
  id: string;
  name: string;
  primaryImage: ProductImageData | null;
}

export function RelatedProducts({ related }: { related: RelatedPiece[] }) {
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="text-2xl font-semibold">
        You May Also Like
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {related.map((item) => (
          <li
            key={item.id}
            className="flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-stone/60"
          >
            <Link to={`/product/${item.id}`} className="group flex-1">
              <ProductImage image={item.primaryImage} />
              <h3 className="px-3 pt-3 font-sans text-base font-semibold group-hover:underline">
                {item.name}
              </h3>
            </Link>
            {/* docs/requirements.md §19: a 44 px tall action on a phone, in the room the padding gave it. */}
            <div className="p-3 max-md:py-0">
              <QuoteButton
                product={item}
                className="inline-flex items-center text-sm font-medium text-brass-700 underline-offset-4 hover:underline max-md:min-h-11"
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
