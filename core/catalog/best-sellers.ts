/** spec §2 / §9: the home page's "Our Best Selling Products". The bestseller flag is not used. */

export const BEST_SELLERS_LIMIT = 8;
export const BEST_SELLER_FEATURED_FILLERS = 5;

export function selectBestSellers<P extends { newArrival: boolean; featured: boolean }>(
  products: readonly P[],
): P[] {
  const newArrivals = products.filter((product) => product.newArrival);
  const fillers = products
    .filter((product) => product.featured && !product.newArrival)
    .slice(0, BEST_SELLER_FEATURED_FILLERS);
  return [...newArrivals, ...fillers].slice(0, BEST_SELLERS_LIMIT);
}
