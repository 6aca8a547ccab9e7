import { Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { categories, findCategoryByValue } from '../../../../core/categories';
import { formatRupees, minorToRupees } from '../../../../core/money';
import { deleteProductConfirmation, productFormSchema } from '../../../../core/product-console';
import { Field, inputClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field';
import { Modal, ModalClose } from '../../ui/modal';
import { ConfirmDialog, dangerButtonClass } from './confirm-dialog';
import { stopInvalidSubmit, useConsoleAction } from './console-action';

export interface ConsoleProductData {
  id: string;
  name: string;
  priceMinor: number;
  description: string;
  shortDescription: string | null;
  artisanStory: string | null;
  category: string;
  subcategory: string | null;
  material: string;
  region: string | null;
  dimensions: string | null;
  weight: string | null;
  careInstructions: string | null;
  inStock: boolean;
  featured: boolean;
  bestseller: boolean;
  newArrival: boolean;
  published: boolean;
}

/** "Create New Product": the product form in a dialog; the new product is selected after. */
export function CreateProductButton({
  onCreated,
  children,
}: {
  onCreated: (productId: string) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={primaryButtonClass} onClick={() => setOpen(true)}>
        {children}
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Create New Product">
        <ProductForm
          product={null}
          onSaved={(productId) => {
            setOpen(false);
            if (productId) onCreated(productId);
          }}
        />
      </Modal>
    </>
  );
}

/** spec §2: the details card with Edit Product and Delete Product. */
export function ProductPanel({
  product,
  remove,
}: {
  product: ConsoleProductData;
  /** Held by the page: the panel is gone once its product is, before the answer is toasted. */
  remove: ReturnType<typeof useConsoleAction>;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const details: [string, ReactNode][] = [
    ['Id', <code key="id">{product.id}</code>],
    ['Price', formatRupees(product.priceMinor)],
    ['Category', findCategoryByValue(product.category)?.adminName ?? product.category],
    ['Subcategory', product.subcategory ?? '—'],
    ['Material', product.material],
    ['Region', product.region ?? '—'],
    ['Dimensions', product.dimensions ?? '—'],
    ['Weight', product.weight ?? '—'],
    [
      'Flags',
      [
        product.published ? 'Published' : 'Unpublished',
        product.inStock ? 'In stock' : 'Out of stock',
        product.featured && 'Featured',
        product.bestseller && 'Bestseller',
        product.newArrival && 'New arrival',
      ]
        .filter(Boolean)
        .join(' · '),
    ],
  ];
  return (
    <section
      aria-labelledby="product-details-heading"
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="product-details-heading" className="font-display text-2xl font-semibold">
          {product.name}
        </h2>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButtonClass} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit Product
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete Product
          </button>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 whitespace-pre-line text-ink-muted">{product.description}</p>
      <Modal open={editing} onOpenChange={setEditing} title="Edit Product">
        <ProductForm product={product} onSaved={() => setEditing(false)} />
      </Modal>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete Product"
        question={deleteProductConfirmation(product.name)}
      >
        <remove.Form method="post">
          <input type="hidden" name="intent" value="delete-product" />
          <input type="hidden" name="id" value={product.id} />
          <button type="submit" className={dangerButtonClass} disabled={remove.state !== 'idle'}>
            Delete
          </button>
        </remove.Form>
      </ConfirmDialog>
    </section>
  );
}

const textareaClass = `${inputClass} min-h-24`;

/** Every field of the products table (spec §3); the shared schema checks it before it is sent. */
function ProductForm({
  product,
  onSaved,
}: {
  product: ConsoleProductData | null;
  onSaved: (productId: string | null | undefined) => void;
}) {
  const fetcher = useConsoleAction((answer) => onSaved(answer.productId));
  const textArea = (name: keyof ConsoleProductData, label: string, required = false) => (
    <div className="grid gap-1">
      <label htmlFor={`product-${name}`} className="font-medium">
        {label}
      </label>
      <textarea
        id={`product-${name}`}
        name={name}
        className={textareaClass}
        defaultValue={(product?.[name] as string | null | undefined) ?? ''}
        aria-required={required || undefined}
      />
    </div>
  );
  const flag = (name: keyof ConsoleProductData, label: string, initial: boolean) => (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        name={name}
        defaultChecked={product ? Boolean(product[name]) : initial}
        className="h-4 w-4"
      />
      {label}
    </label>
  );
  return (
    <fetcher.Form
      method="post"
      className="grid gap-4"
      noValidate
      onSubmit={(event) => stopInvalidSubmit(event, productFormSchema)}
    >
      <input type="hidden" name="intent" value={product ? 'update-product' : 'create-product'} />
      {product ? <input type="hidden" name="id" value={product.id} /> : null}
      <Field label="Name" name="name" defaultValue={product?.name} aria-required />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Price (₹)"
          name="price"
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          defaultValue={product ? minorToRupees(product.priceMinor) : ''}
          aria-required
        />
        <div className="grid gap-1">
          <label htmlFor="product-category" className="font-medium">
            Category
          </label>
          <select
            id="product-category"
            name="category"
            defaultValue={product?.category ?? ''}
            aria-required
            className={inputClass}
          >
            <option value="">Choose a category</option>
            {categories.map((category) => (
              <option key={category.adminValue} value={category.adminValue}>
                {category.adminName}
              </option>
            ))}
          </select>
        </div>
        <Field label="Material" name="material" defaultValue={product?.material} aria-required />
        <Field label="Subcategory" name="subcategory" defaultValue={product?.subcategory ?? ''} />
        <Field label="Region" name="region" defaultValue={product?.region ?? ''} />
        <Field label="Dimensions" name="dimensions" defaultValue={product?.dimensions ?? ''} />
        <Field label="Weight" name="weight" defaultValue={product?.weight ?? ''} />
      </div>
      {textArea('description', 'Description', true)}
      <Field
        label="Short description"
        name="shortDescription"
        defaultValue={product?.shortDescription ?? ''}
      />
      {textArea('careInstructions', 'Care instructions')}
      {textArea('artisanStory', 'Artisan story')}
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="mb-1 font-medium">Flags</legend>
        {/* spec §4: product defaults on create */}
        {flag('inStock', 'In stock', true)}
        {flag('published', 'Published', true)}
        {flag('featured', 'Featured', false)}
        {flag('bestseller', 'Bestseller', false)}
        {flag('newArrival', 'New arrival', false)}
      </fieldset>
      <div className="flex justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {product ? 'Save Product' : 'Create Product'}
        </button>
      </div>
    </fetcher.Form>
  );
}
