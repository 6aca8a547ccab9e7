import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { ArrowDown, ArrowUp, Pencil, Plus, Star, Trash2 } from '../../ui/icons';
import { useState } from 'react';
import type { z } from 'zod';
import { CONSOLE_THUMBNAIL_WIDTH, displayImageUrl } from '../../../../core/catalog/media-url';
import { countOf } from '../../../../core/forms/plurals';
import {
  DELETE_MEDIA_CONFIRMATION,
  mediaFormSchema,
  uploadedMediaFormSchema,
  type MediaFormInput,
} from '../../../../core/catalog/product-console';
import { mediaTypes } from '../../../../core/orders/statuses';
import type { ConsoleMediaData } from '../../../routes/admin.product-media';
import { useAnswerFetcher } from '../../forms/use-answer-fetcher';
import { Field, inputClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field';
import { Modal, ModalClose } from '../../ui/modal';
import { ConfirmDialog, dangerButtonClass } from './confirm-dialog';
import { FieldError, toastFirstProblem } from './form-problems';

const iconButtonClass =
  'inline-flex items-center gap-1 rounded-full border border-stone px-3 py-1.5 text-sm hover:bg-sand disabled:opacity-40';

/** spec §2: "Product Media (N images)", each card with its actions (spec §4 media rules). */
export function MediaPanel({ productId, media }: { productId: string; media: ConsoleMediaData[] }) {
  const [editing, setEditing] = useState<ConsoleMediaData | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ConsoleMediaData | null>(null);
  // Held here, not in the cards: a card may be gone before its answer is shown.
  const action = useAnswerFetcher();
  const remove = useAnswerFetcher({ onSuccess: () => setDeleting(null) });
  const busy = action.state !== 'idle';
  return (
    <section
      aria-labelledby="media-heading"
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="media-heading" className="font-display text-2xl font-semibold">
          Product Media ({countOf(media.length, 'image')})
        </h2>
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add New Media
        </button>
      </div>
      {media.length === 0 ? (
        <p className="mt-4 text-ink-muted">No media yet. Add an image or a video.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {media.map((item, index) => (
            <li
              key={item.id}
              aria-label={`Media ${index + 1}${item.altText ? `: ${item.altText}` : ''}`}
              className="grid gap-3 rounded-xl border border-stone/60 p-3"
            >
              <div className="relative aspect-square overflow-hidden rounded-lg bg-sand">
                {item.mediaType === 'image' ? (
                  <img
                    src={displayImageUrl(item.mediaUrl, CONSOLE_THUMBNAIL_WIDTH)}
                    alt={item.altText ?? ''}
                    width={400}
                    height={400}
                    loading="lazy"
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <a
                    href={item.mediaUrl}
                    className="flex h-full items-center justify-center p-4 text-center text-sm underline"
                  >
                    Video: {item.mediaUrl}
                  </a>
                )}
                {item.isPrimary ? (
                  <span className="absolute top-2 left-2 rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-ivory">
                    Primary
                  </span>
                ) : null}
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="font-medium">Type</dt>
                <dd>{item.mediaType}</dd>
                <dt className="font-medium">Order</dt>
                <dd>{item.sortOrder}</dd>
                <dt className="font-medium">Alt text</dt>
                <dd>{item.altText ?? '—'}</dd>
              </dl>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={iconButtonClass} onClick={() => setEditing(item)}>
                  <Pencil aria-hidden="true" className="h-3.5 w-3.5" />
                  Edit
                </button>
                {item.isPrimary ? null : (
                  <action.Form method="post">
                    <input type="hidden" name="intent" value="set-primary" />
                    <input type="hidden" name="id" value={item.id} />
                    <button type="submit" className={iconButtonClass} disabled={busy}>
                      <Star aria-hidden="true" className="h-3.5 w-3.5" />
                      Set Primary
                    </button>
                  </action.Form>
                )}
                <button type="button" className={iconButtonClass} onClick={() => setDeleting(item)}>
                  <Trash2 aria-hidden="true" className="h-3.5 w-3.5" />
                  Delete
                </button>
                {/* spec §4: the first cannot move up, the last cannot move down */}
                {(['up', 'down'] as const).map((direction) => (
                  <action.Form key={direction} method="post">
                    <input type="hidden" name="intent" value="move-media" />
                    <input type="hidden" name="id" value={item.id} />
                    <input type="hidden" name="direction" value={direction} />
                    <button
                      type="submit"
                      className={iconButtonClass}
                      aria-label={`Move media ${index + 1} ${direction}`}
                      disabled={
                        busy || (direction === 'up' ? index === 0 : index === media.length - 1)
                      }
                    >
                      {direction === 'up' ? (
                        <ArrowUp aria-hidden="true" className="h-3.5 w-3.5" />
                      ) : (
                        <ArrowDown aria-hidden="true" className="h-3.5 w-3.5" />
                      )}
                    </button>
                  </action.Form>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === 'new' ? 'Add New Media' : 'Edit Media'}
      >
        {editing ? (
          <MediaForm
            productId={productId}
            media={editing === 'new' ? null : editing}
            nextSortOrder={media.length}
            onSaved={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete Media"
        question={DELETE_MEDIA_CONFIRMATION}
      >
        <remove.Form method="post">
          <input type="hidden" name="intent" value="delete-media" />
          <input type="hidden" name="id" value={deleting?.id ?? ''} />
          <button type="submit" className={dangerButtonClass} disabled={remove.state !== 'idle'}>
            Delete
          </button>
        </remove.Form>
      </ConfirmDialog>
    </section>
  );
}

/** An uploaded image stands in for the media URL: the form is checked without it then. */
function checkMediaForm(formData: FormData, editing: boolean) {
  const file = formData.get('file');
  return !editing && file instanceof File && file.size > 0
    ? parseWithZod(formData, { schema: uploadedMediaFormSchema, disableAutoCoercion: true })
    : parseWithZod(formData, { schema: mediaFormSchema, disableAutoCoercion: true });
}

function MediaForm({
  productId,
  media,
  nextSortOrder,
  onSaved,
}: {
  productId: string;
  media: ConsoleMediaData | null;
  nextSortOrder: number;
  onSaved: () => void;
}) {
  const fetcher = useAnswerFetcher({ onSuccess: onSaved });
  const [form, fields] = useForm<MediaFormInput, z.output<typeof uploadedMediaFormSchema>>({
    id: media ? `media-${media.id}` : `new-media-${productId}`,
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    // A new media may be an upload instead of a URL: the URL is not required by the browser.
    constraint: getZodConstraint(media ? mediaFormSchema : uploadedMediaFormSchema),
    defaultValue: {
      mediaUrl: media?.mediaUrl ?? '',
      mediaType: media?.mediaType ?? 'image',
      sortOrder: String(media?.sortOrder ?? nextSortOrder),
      altText: media?.altText ?? '',
      isPrimary: media?.isPrimary ? 'on' : undefined,
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => {
      const submission = checkMediaForm(formData, media !== null);
      // spec §5: a refused submit is the "Error" toast with the schema's first message
      if (!formData.has('__intent__')) toastFirstProblem(submission);
      return submission;
    },
  });
  const { key: urlKey, ...mediaUrl } = getInputProps(fields.mediaUrl, { type: 'text' });
  const { key: sortKey, ...sortOrder } = getInputProps(fields.sortOrder, { type: 'number' });
  const { key: altKey, ...altText } = getInputProps(fields.altText, { type: 'text' });
  const { key: typeKey, ...mediaType } = getSelectProps(fields.mediaType);
  const { key: primaryKey, ...isPrimary } = getInputProps(fields.isPrimary, { type: 'checkbox' });
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={media ? 'update-media' : 'add-media'} />
      {media ? (
        <input type="hidden" name="id" value={media.id} />
      ) : (
        <input type="hidden" name="productId" value={productId} />
      )}
      <Field
        key={urlKey}
        label="Media URL"
        {...mediaUrl}
        placeholder="https://… or a shared-drive link"
        error={fields.mediaUrl.errors?.[0]}
      />
      {media ? null : (
        <div className="grid gap-1">
          <label htmlFor="media-file" className="font-medium">
            Or upload an image
          </label>
          <input
            id="media-file"
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            className={inputClass}
            aria-describedby="media-file-hint"
          />
          <p id="media-file-hint" className="text-sm text-ink-muted">
            JPEG, PNG, WebP or AVIF, up to 10 MB.
          </p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={fields.mediaType.id} className="font-medium">
            Media type
          </label>
          <select key={typeKey} {...mediaType} className={inputClass}>
            {mediaTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <FieldError meta={fields.mediaType} />
        </div>
        <Field
          key={sortKey}
          label="Sort order"
          {...sortOrder}
          error={fields.sortOrder.errors?.[0]}
        />
      </div>
      <Field key={altKey} label="Alt text" {...altText} error={fields.altText.errors?.[0]} />
      <label className="flex items-center gap-2">
        <input key={primaryKey} {...isPrimary} className="h-4 w-4" />
        Primary image
      </label>
      <div className="flex justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {media ? 'Save Media' : 'Add Media'}
        </button>
      </div>
    </fetcher.Form>
  );
}
