import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Pencil, Trash2 } from '../../ui/icons';
import { useState, type ReactNode } from 'react';
import { categories, findCategoryByValue } from '../../../../core/catalog/categories';
import { formatRupees, minorToRupees } from '../../../../core/money/money';
import { HSN_CODE_HINT, HSN_CODE_MISSING } from '../../../../core/tax/hsn';
import {
  deleteProductConfirmation,
  productFormSchema,
  type ProductForm as ProductFormValue,
  type ProductFormInput,
} from '../../../../core/catalog/product-console';
import type { ConsoleProductData } from '../../../routes/admin.product-media';
import { useAnswerFetcher } from '../../forms/use-answer-fetcher';
import { Field, inputClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field';
import { Modal, ModalClose } from '../../ui/modal';
import { ConfirmDialog, dangerButtonClass } from './confirm-dialog';
import { FieldError, toastFirstProblem } from './form-problems';

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
  /** Held by the page: the panel is gone once its product is, before the answer is shown. */
  remove: ReturnType<typeof useAnswerFetcher>;
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
    ['HSN code', product.hsnCode ?? HSN_CODE_MISSING],
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

const parseProductForm = (formData: FormData) =>
  parseWithZod(formData, { schema: productFormSchema, disableAutoCoercion: true });

/** The form's first values: the product's own, or spec §4's defaults (in stock and published). */
function initialValues(
  product: ConsoleProductData | null,
): Partial<Record<keyof ProductFormInput, string>> {
  if (!product) return { inStock: 'on', published: 'on' };
  const ticked = (flag: boolean) => (flag ? 'on' : undefined);
  return {
    name: product.name,
    price: String(minorToRupees(product.priceMinor)),
    category: product.category,
    material: product.material,
    description: product.description,
    shortDescription: product.shortDescription ?? '',
    subcategory: product.subcategory ?? '',
    region: product.region ?? '',
    dimensions: product.dimensions ?? '',
    weight: product.weight ?? '',
    careInstructions: product.careInstructions ?? '',
    hsnCode: product.hsnCode ?? '',
    artisanStory: product.artisanStory ?? '',
    inStock: ticked(product.inStock),
    published: ticked(product.published),
    featured: ticked(product.featured),
    bestseller: ticked(product.bestseller),
    newArrival: ticked(product.newArrival),
  };
}

/** Every field of the products table (spec §3); the shared schema checks it before it is sent. */
function ProductForm({
  product,
  onSaved,
}: {
  product: ConsoleProductData | null;
  onSaved: (productId: string | null | undefined) => void;
}) {
  const fetcher = useAnswerFetcher<{ productId: string }>({
    onSuccess: (answer) => onSaved(answer.data?.productId),
  });
  const [form, fields] = useForm<ProductFormInput, ProductFormValue>({
    id: product ? `product-${product.id}` : 'new-product',
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    constraint: getZodConstraint(productFormSchema),
    defaultValue: initialValues(product),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => {
      const submission = parseProductForm(formData);
      // spec §5: a refused submit is the "Error" toast with the schema's first message
      if (!formData.has('__intent__')) toastFirstProblem(submission);
      return submission;
    },
  });
  type FieldName = keyof typeof fields;
  const text = (name: FieldName, label: string, type: 'text' | 'number' = 'text') => {
    const meta = fields[name];
    const { key, ...props } = getInputProps(meta, { type });
    return <Field key={key ?? name} label={label} {...props} error={meta.errors?.[0]} />;
  };
  // docs/decisions/027: the code a tax invoice prints for the piece, with the usual headings.
  const hsnField = () => {
    const { key, ...props } = getInputProps(fields.hsnCode, { type: 'text' });
    return (
      <Field
        key={key ?? 'hsnCode'}
        label="HSN code"
        inputMode="numeric"
        hint={HSN_CODE_HINT}
        {...props}
        error={fields.hsnCode.errors?.[0]}
      />
    );
  };
  const textArea = (name: FieldName, label: string) => {
    const meta = fields[name];
    const { key, ...props } = getTextareaProps(meta);
    return (
      <div key={key ?? name} className="grid gap-1">
        <label htmlFor={meta.id} className="font-medium">
          {label}
        </label>
        <textarea {...props} className={textareaClass} />
        <FieldError meta={meta} />
      </div>
    );
  };
  const flag = (name: FieldName, label: string) => {
    const { key, ...props } = getInputProps(fields[name], { type: 'checkbox' });
    return (
      <label key={key ?? name} className="flex items-center gap-2">
        <input {...props} className="h-4 w-4" />
        {label}
      </label>
    );
  };
  const { key: categoryKey, ...category } = getSelectProps(fields.category);
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={product ? 'update-product' : 'create-product'} />
      {product ? <input type="hidden" name="id" value={product.id} /> : null}
      {text('name', 'Name')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('price', 'Price (₹)', 'number')}
        <div className="grid gap-1">
          <label htmlFor={fields.category.id} className="font-medium">
            Category
          </label>
          <select key={categoryKey} {...category} className={inputClass}>
            <option value="">Choose a category</option>
            {categories.map((choice) => (
              <option key={choice.adminValue} value={choice.adminValue}>
                {choice.adminName}
              </option>
            ))}
          </select>
          <FieldError meta={fields.category} />
        </div>
        {text('material', 'Material')}
        {text('subcategory', 'Subcategory')}
        {text('region', 'Region')}
        {text('dimensions', 'Dimensions')}
        {text('weight', 'Weight')}
        {hsnField()}
      </div>
      {textArea('description', 'Description')}
      {text('shortDescription', 'Short description')}
      {textArea('careInstructions', 'Care instructions')}
      {textArea('artisanStory', 'Artisan story')}
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="mb-1 font-medium">Flags</legend>
        {/* spec §4: product defaults on create */}
        {flag('inStock', 'In stock')}
        {flag('published', 'Published')}
        {flag('featured', 'Featured')}
        {flag('bestseller', 'Bestseller')}
        {flag('newArrival', 'New arrival')}
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
