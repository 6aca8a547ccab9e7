import { ArrowLeft, Plus } from '../components/ui/icons';
import { useEffect } from 'react';
import { Form, Link, useActionData, useNavigate, useSearchParams } from 'react-router';
import { errorToast, type AnswerToast } from '../../core/community/answer';
import {
  consoleMessages,
  mediaFormSchema,
  productFormSchema,
} from '../../core/catalog/product-console';
import { parseRouteQuery, productConsoleQuerySchema } from '../../core/forms/route-query';
import { answerAction, intent } from '../../server/http/answer';
import { deleteProduct } from '../../server/flows/delete-product';
import { readConsoleProduct } from '../../server/flows/read-console-product';
import { adminPageLoader } from '../../server/http/admin-access';
import { appContext } from '../../server/http/app-context';
import { requireAdmin } from '../../server/modules/kernel';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../server/media-storage';
import {
  addMedia,
  addUploadedMedia,
  deleteMedia,
  moveMedia,
  setPrimaryMedia,
  updateMedia,
} from '../../server/modules/product-media';
import { createProduct, listConsoleProducts, updateProduct } from '../../server/modules/products';
import type { BackOfficeHandle } from '../components/admin/admin-access-notice';
import { MediaPanel } from '../components/admin/product-console/media-panel';
import {
  CreateProductButton,
  ProductPanel,
} from '../components/admin/product-console/product-panel';
import { useAnswerFetcher } from '../components/forms/use-answer-fetcher';
import { pageMeta } from '../components/layout/simple-page';
import { secondaryButtonClass } from '../components/ui/classes';
import { toast } from '../components/ui/toast-store';
import type { Route } from './+types/admin.product-media';
import { followNavigation } from '../components/ui/follow-navigation';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Product console', undefined, { noindex: true });
}

// spec §6: signed out to /auth; a non-admin gets no data (the shell's middleware decided; the
// page's DeniedNotice toasts and goes home)
export const loader = adminPageLoader(loadConsole, { signedOut: 'send-to-sign-in' });

async function loadConsole({ context, request }: Route.LoaderArgs) {
  const { db, actor, logger } = context.get(appContext);
  // docs/requirements.md §5: the product and the search are read through their schema.
  const { product: selectedId, find } = parseRouteQuery(
    productConsoleQuerySchema,
    new URL(request.url).searchParams,
  );
  const picker = await listConsoleProducts(db, actor, { search: find });
  let selected: Awaited<ReturnType<typeof readConsoleProduct>> = null;
  let mediaFailed = false;
  if (selectedId) {
    try {
      selected = await readConsoleProduct(db, actor, selectedId);
    } catch (error) {
      // spec §8: "Failed to fetch media"; the picker stays usable
      logger.error({ err: error, productId: selectedId }, 'product media could not be read');
      mediaFailed = true;
    }
  }
  // The open product stays in the picker even when the list or the search leaves it out.
  const shown = selected?.product;
  const products =
    shown && !picker.products.some((product) => product.id === shown.id)
      ? [{ id: shown.id, name: shown.name, published: shown.published }, ...picker.products]
      : picker.products;
  return {
    products,
    morePicks: picker.hasMore,
    find,
    selectedId,
    selected,
    mediaFailed,
  };
}

// spec §8: the console's successes are "Success" with the message
const consoleSuccess = (description: string): AnswerToast => ({ title: 'Success', description });

const productConsoleIntents = {
  'create-product': intent({
    schema: productFormSchema,
    run: (fields, { app }) => createProduct(app.db, app.actor, fields),
    success: consoleSuccess(consoleMessages.productCreated),
    data: (product) => ({ productId: product.id }),
  }),
  'update-product': intent({
    schema: productFormSchema,
    run: (fields, { app, formData }) =>
      updateProduct(app.db, app.actor, { ...fields, id: formData.get('id') }, app.clock()),
    success: consoleSuccess(consoleMessages.productUpdated),
  }),
  'delete-product': intent({
    run: (fields, { app }) => deleteProduct(app.db, app.actor, fields),
    success: consoleSuccess(consoleMessages.productDeleted),
  }),
  'add-media': intent({
    // Two ways in: an uploaded image (the module checks the role before it decodes or stores
    // it) or a media URL; the module checks the fields of either with the form's schema.
    run: async (fields, { app, formData }) => {
      const upload = formData.get('file');
      if (upload instanceof File && upload.size > 0) {
        const image = new Uint8Array(await upload.arrayBuffer());
        return addUploadedMedia(app.db, app.actor, app.mediaStorage, { ...fields, image });
      }
      return addMedia(app.db, app.actor, fields);
    },
    success: consoleSuccess(consoleMessages.mediaAdded),
  }),
  'update-media': intent({
    schema: mediaFormSchema,
    run: (fields, { app, formData }) =>
      updateMedia(app.db, app.actor, { ...fields, id: formData.get('id') }),
    success: consoleSuccess(consoleMessages.mediaUpdated),
  }),
  'delete-media': intent({
    run: (fields, { app }) => deleteMedia(app.db, app.actor, fields),
    success: consoleSuccess(consoleMessages.mediaDeleted),
    // spec §8: "Failed to delete media", unless the actor may not delete at all
    failure: (message, _fields, code) =>
      errorToast(
        code === 'forbidden' || code === 'unauthenticated'
          ? message
          : consoleMessages.deleteMediaFailed,
      ),
  }),
  'set-primary': intent({
    run: (fields, { app }) => setPrimaryMedia(app.db, app.actor, fields),
    success: consoleSuccess(consoleMessages.primaryUpdated),
  }),
  'move-media': intent({
    run: (fields, { app }) => moveMedia(app.db, app.actor, fields),
    success: consoleSuccess(consoleMessages.mediaReordered),
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  // docs/requirements.md §14: who asks is checked before the body (up to 10 MB of image) is read, with
  // the module's own check and messages; every module function checks again.
  return answerAction(
    { request, params, context },
    {
      guard: (app) => requireAdmin(app.actor),
      bodyLimit: {
        bytes: IMAGE_UPLOAD_MAX_BYTES + 64 * 1024,
        message: 'The image must be 10 MB or smaller.',
      },
      intents: productConsoleIntents,
    },
    context.get(appContext),
  );
}

export default function ProductConsole({ loaderData }: Route.ComponentProps) {
  return <Console data={loaderData} />;
}

// spec §6: the shell shows a non-admin this page's own notice
export const handle: BackOfficeHandle = { DeniedNotice: AccessDenied };

/** spec §6: a non-admin sees the toast "Access Denied" and is sent to the home page. */
function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    toast({ ...consoleMessages.accessDenied, variant: 'destructive' });
    followNavigation(navigate('/', { replace: true }));
  }, [navigate]);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{consoleMessages.accessDenied.title}</h1>
      <p className="mt-4 text-ink-muted">{consoleMessages.accessDenied.description}</p>
      <Link to="/" className="mt-8 inline-block underline">
        Back to Home
      </Link>
    </section>
  );
}

/** What the console's panels show: the loader's data for an admin. */
export type ProductConsoleData = Route.ComponentProps['loaderData'];
export type ConsoleProductData = NonNullable<ProductConsoleData['selected']>['product'];
export type ConsoleMediaData = NonNullable<ProductConsoleData['selected']>['media'][number];

function Console({ data: loaded }: { data: ProductConsoleData }) {
  const [, setSearchParams] = useSearchParams();
  const { products, selected, selectedId, mediaFailed, find, morePicks } = loaded;
  useEffect(() => {
    if (mediaFailed) {
      toast({
        title: 'Error',
        description: consoleMessages.fetchMediaFailed,
        variant: 'destructive',
      });
    }
  }, [mediaFailed, selectedId]);
  const select = (productId: string | null) =>
    setSearchParams(productId ? { product: productId } : {}, { preventScrollReset: true });
  // Held here: the product's panel is gone once its product is, before the answer is shown.
  const removeProduct = useAnswerFetcher({ onSuccess: () => select(null) });
  // Without JavaScript a form posts as a document and its answer arrives as action data.
  const documentAnswer = useActionData<typeof action>();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/admin" className={secondaryButtonClass}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back to Admin
          </Link>
          <h1 className="font-display text-4xl font-semibold">Product console</h1>
        </div>
        <CreateProductButton onCreated={select}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Create New Product
        </CreateProductButton>
      </div>

      {documentAnswer?.toast ? (
        <p
          role={documentAnswer.status === 'ok' ? 'status' : 'alert'}
          className="mt-6 rounded-xl bg-sand p-4 font-medium"
        >
          {`${documentAnswer.toast.title} ${documentAnswer.toast.description ?? ''}`.trim()}
        </p>
      ) : null}
      <div className="mt-8 rounded-2xl border border-stone/70 bg-white p-5">
        {products.length === 0 && !find ? (
          <p className="text-ink-muted">No products found. Create a new product to get started.</p>
        ) : (
          // A GET form: the picker works before hydration too.
          <Form method="get" className="flex flex-wrap items-end gap-3">
            {/* docs/requirements.md §19: on a phone the box shrinks, so "Find" stays in the card. */}
            <div className="grid w-full gap-1 sm:w-auto">
              <label htmlFor="product-picker-search" className="font-medium">
                Search by name
              </label>
              <div className="flex min-w-0 gap-2">
                <input
                  id="product-picker-search"
                  type="search"
                  name="find"
                  defaultValue={find}
                  key={find}
                  className="min-w-0 flex-1 rounded-lg border border-stone bg-white px-3 py-2"
                />
                <button type="submit" className={secondaryButtonClass}>
                  Find
                </button>
              </div>
            </div>
            <div className="grid flex-1 gap-1">
              <label htmlFor="product-picker" className="font-medium">
                Product
              </label>
              <select
                id="product-picker"
                name="product"
                value={selectedId}
                onChange={(event) => select(event.currentTarget.value || null)}
                className="rounded-lg border border-stone bg-white px-3 py-2"
              >
                <option value="">
                  {find && products.length === 0
                    ? `No product name contains "${find}"`
                    : 'Select a product…'}
                </option>
                {products.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name}
                    {product.published ? '' : ' (Unpublished)'}
                  </option>
                ))}
              </select>
            </div>
            <noscript>
              <button type="submit" className={secondaryButtonClass}>
                Open
              </button>
            </noscript>
            {morePicks ? (
              <p className="w-full text-sm text-ink-muted">
                Showing the first {products.length} products A to Z; search by name to find others.
              </p>
            ) : null}
          </Form>
        )}
      </div>

      {selected ? (
        <div className="mt-8 grid gap-8">
          <ProductPanel product={selected.product} remove={removeProduct} />
          <MediaPanel productId={selected.product.id} media={selected.media} />
        </div>
      ) : (
        <p className="mt-8 rounded-2xl bg-sand p-8 text-center text-ink-muted">
          {selectedId && !mediaFailed
            ? 'Product not found'
            : 'Please select a product above to manage its details and media'}
        </p>
      )}
    </section>
  );
}
