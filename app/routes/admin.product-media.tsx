import { ArrowLeft, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { data, Form, Link, redirect, useNavigate, useSearchParams } from 'react-router';
import { consoleMessages } from '../../core/product-console';
import { parseRouteQuery, productConsoleQuerySchema } from '../../core/route-query';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { DomainError, httpStatusOf } from '../../server/modules/errors';
import { requireAdmin } from '../../server/modules/kernel';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../server/modules/media-storage';
import {
  addMedia,
  addUploadedMedia,
  deleteMedia,
  moveMedia,
  setPrimaryMedia,
  updateMedia,
} from '../../server/modules/product-media';
import {
  createProduct,
  deleteProduct,
  getConsoleProduct,
  listConsoleProducts,
  updateProduct,
} from '../../server/modules/products';
import {
  useConsoleAction,
  type ConsoleAnswer,
} from '../components/admin/product-console/console-action';
import { MediaPanel } from '../components/admin/product-console/media-panel';
import {
  CreateProductButton,
  ProductPanel,
} from '../components/admin/product-console/product-panel';
import { pageMeta } from '../components/layout/simple-page';
import { secondaryButtonClass } from '../components/ui/field';
import { toast } from '../components/ui/toast-store';
import type { Route } from './+types/admin.product-media';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Product console', undefined, { noindex: true });
}

// spec §6: signed out to /auth; a non-admin gets no data (the page toasts and goes home)
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor, viewer, logger } = context.get(appContext);
  if (!viewer) throw redirect('/auth?redirectTo=%2Fadmin%2Fproduct-media');
  if (!viewer.isAdmin) return { access: 'denied' as const };
  // issue 14 (finding 7): the product and the search are read through their schema.
  const { product: selectedId, find } = parseRouteQuery(
    productConsoleQuerySchema,
    new URL(request.url).searchParams,
  );
  const picker = await listConsoleProducts(db, actor, { search: find });
  let selected: Awaited<ReturnType<typeof getConsoleProduct>> = null;
  let mediaFailed = false;
  if (selectedId) {
    try {
      selected = await getConsoleProduct(db, actor, selectedId);
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
    access: 'admin' as const,
    products,
    morePicks: picker.hasMore,
    find,
    selectedId,
    selected,
    mediaFailed,
  };
}

const MULTIPART_LIMIT = IMAGE_UPLOAD_MAX_BYTES + 64 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor, logger, mediaStorage } = context.get(appContext);
  // issue 14 finding 1: who asks is checked before the body (up to 10 MB of image) is read, with
  // the module's own check and messages; every module function checks again.
  try {
    requireAdmin(actor);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data<ConsoleAnswer>(
      { status: 'error', intent: '', message: error.message },
      { status: httpStatusOf[error.code] },
    );
  }
  if (Number(request.headers.get('content-length') ?? 0) > MULTIPART_LIMIT) {
    return data<ConsoleAnswer>(
      { status: 'error', intent: 'add-media', message: 'The image must be 10 MB or smaller.' },
      { status: 413 },
    );
  }
  const formData = await readFormData(request);
  const form: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === 'string') form[key] = value;
  }
  const intent = form.intent ?? '';
  const ok = (message: string, extra: Partial<Extract<ConsoleAnswer, { status: 'ok' }>> = {}) => {
    // The owner's next look at the shop reads this write, not the memo's previous version (the
    // change notice would only mark it stale and answer from it while it rebuilds).
    return data<ConsoleAnswer>({ status: 'ok', intent, message, ...extra });
  };
  try {
    switch (intent) {
      case 'create-product': {
        const product = await createProduct(db, actor, form);
        return ok(consoleMessages.productCreated, { productId: product.id });
      }
      case 'update-product':
        await updateProduct(db, actor, form);
        return ok(consoleMessages.productUpdated);
      case 'delete-product':
        await deleteProduct(db, actor, form);
        return ok(consoleMessages.productDeleted, { productId: null });
      case 'add-media': {
        const upload = formData.get('file');
        if (upload instanceof File && upload.size > 0) {
          const image = new Uint8Array(await upload.arrayBuffer());
          await addUploadedMedia(db, actor, mediaStorage, { ...form, image });
        } else {
          await addMedia(db, actor, form);
        }
        return ok(consoleMessages.mediaAdded);
      }
      case 'update-media':
        await updateMedia(db, actor, form);
        return ok(consoleMessages.mediaUpdated);
      case 'delete-media':
        await deleteMedia(db, actor, form);
        return ok(consoleMessages.mediaDeleted);
      case 'set-primary':
        await setPrimaryMedia(db, actor, form);
        return ok(consoleMessages.primaryUpdated);
      case 'move-media':
        await moveMedia(db, actor, form);
        return ok(consoleMessages.mediaReordered);
      default:
        return data<ConsoleAnswer>(
          // issue 14 (finding 9): an unknown intent is not echoed back (it may be megabytes).
          { status: 'error', intent: 'unknown', message: 'Unknown action' },
          { status: 400 },
        );
    }
  } catch (error) {
    if (error instanceof DomainError) {
      const message =
        intent === 'delete-media' && error.code !== 'forbidden' && error.code !== 'unauthenticated'
          ? consoleMessages.deleteMediaFailed
          : error.message;
      return data<ConsoleAnswer>(
        { status: 'error', intent, message },
        { status: httpStatusOf[error.code] },
      );
    }
    logger.error({ err: error, intent }, 'product console action failed');
    return data<ConsoleAnswer>(
      {
        status: 'error',
        intent,
        message:
          intent === 'delete-media'
            ? consoleMessages.deleteMediaFailed
            : 'An unexpected error occurred. Please try again.',
      },
      { status: 500 },
    );
  }
}

export default function ProductConsole({ loaderData }: Route.ComponentProps) {
  if (loaderData.access === 'denied') return <AccessDenied />;
  return <Console data={loaderData} />;
}

/** spec §6: a non-admin sees the toast "Access Denied" and is sent to the home page. */
function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    toast({ ...consoleMessages.accessDenied, variant: 'destructive' });
    void navigate('/', { replace: true });
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

type ConsoleData = Extract<Route.ComponentProps['loaderData'], { access: 'admin' }>;

function Console({ data: loaded }: { data: ConsoleData }) {
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
  const removeProduct = useConsoleAction(() => select(null));
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

      <div className="mt-8 rounded-2xl border border-stone/70 bg-white p-5">
        {products.length === 0 && !find ? (
          <p className="text-ink-muted">No products found. Create a new product to get started.</p>
        ) : (
          // A GET form: the picker works before hydration too.
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1">
              <label htmlFor="product-picker-search" className="font-medium">
                Search by name
              </label>
              <div className="flex gap-2">
                <input
                  id="product-picker-search"
                  type="search"
                  name="find"
                  defaultValue={find}
                  key={find}
                  className="rounded-lg border border-stone bg-white px-3 py-2"
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
