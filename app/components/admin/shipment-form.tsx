/**
 * docs/requirements.md §24 "Mark as Shipped": the shipment's carrier, tracking number (or, for Other, its
 * tracking link), the pieces in it (by default every one not yet shipped), the day it left (today
 * in the shop's calendar), its boxes and up to four photos of them, checked with the server's own
 * schema; the photos go through the product media's image pipeline on the server. With the
 * balance still due it says so first (docs/requirements.md §21) and ships on "Ship anyway".
 */
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { orderActionLabels } from '../../../core/admin/admin';
import { carriers } from '../../../core/orders/carriers';
import { paymentTermsTexts } from '../../../core/orders/payment-terms';
import {
  SHIPMENT_MAX_PHOTOS,
  shipmentProblems,
  shipmentSchema,
} from '../../../core/orders/shipments';
import type { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { PhotosField, usePhotosCheck } from '../forms/photos-field';
import { Field, inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { FieldFrame, conformFrame } from '../ui/field-frame';

export interface PieceLeftToShip {
  orderItemId: string;
  productName: string;
  left: number;
}

export function ShipmentForm({
  orderId,
  pieces,
  today,
  balanceDueMinor,
  fetcher,
  onClose,
}: {
  orderId: string;
  pieces: readonly PieceLeftToShip[];
  /** The shop's day, YYYY-MM-DD, made by the loader so both sides agree. */
  today: string;
  balanceDueMinor: number;
  fetcher: ReturnType<typeof useAnswerFetcher>;
  /** "Not yet": the form closes to its button (app/components/admin/opening-form.tsx). */
  onClose: () => void;
}) {
  const photosCheck = usePhotosCheck(SHIPMENT_MAX_PHOTOS, shipmentProblems.tooManyPhotos);
  const [form, fields] = useForm({
    id: `ship-${orderId}`,
    defaultValue: {
      carrier: '',
      trackingNumber: '',
      trackingUrl: '',
      dispatchedOn: today,
      boxes: '1',
      pieces: pieces.map((piece) => ({
        orderItemId: piece.orderItemId,
        quantity: String(piece.left),
      })),
    },
    constraint: getZodConstraint(shipmentSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shipmentSchema }),
  });
  const pieceFields = fields.pieces.getFieldList();
  const { key: carrierKey, ...carrierSelect } = getSelectProps(fields.carrier);
  const input = (
    meta: Parameters<typeof getInputProps>[0],
    type: 'text' | 'url' | 'date' | 'number',
  ) => {
    const { key, ...props } = getInputProps(meta, { type });
    return { key, props };
  };
  const trackingNumber = input(fields.trackingNumber, 'text');
  const trackingUrl = input(fields.trackingUrl, 'url');
  const dispatchedOn = input(fields.dispatchedOn, 'date');
  const boxes = input(fields.boxes, 'number');
  const photosId = `ship-photos-${orderId}`;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={(event) => {
        if (photosCheck.allows(event)) form.onSubmit(event);
      }}
      role="group"
      aria-label={orderActionLabels.ship}
      className="grid w-full gap-3 rounded-xl bg-sand p-3"
    >
      <input type="hidden" name="intent" value="ship-order" />
      <input type="hidden" name="orderId" value={orderId} />
      {balanceDueMinor > 0 ? (
        <p role="alert">{paymentTermsTexts.shipWithBalanceDue(balanceDueMinor)}</p>
      ) : null}
      <FieldFrame label="Carrier" required {...conformFrame(fields.carrier)}>
        {(control) => (
          <select key={carrierKey} {...carrierSelect} {...control} className={inputClass}>
            <option value="">Choose the carrier</option>
            {carriers.map((carrier) => (
              <option key={carrier.id} value={carrier.id}>
                {carrier.name}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <Field
        key={trackingNumber.key}
        label="Tracking number"
        autoComplete="off"
        {...trackingNumber.props}
        error={fields.trackingNumber.errors?.[0]}
      />
      <Field
        key={trackingUrl.key}
        label="Tracking URL"
        hint="For Other: the carrier’s page for this shipment."
        {...trackingUrl.props}
        error={fields.trackingUrl.errors?.[0]}
      />
      <fieldset className="grid gap-2">
        <legend className="font-medium">Pieces in this shipment</legend>
        {pieceFields.map((pieceField, index) => {
          const piece = pieces[index]!;
          const { orderItemId, quantity } = pieceField.getFieldset();
          const { key: hiddenKey, ...hidden } = getInputProps(orderItemId, { type: 'hidden' });
          const { key: quantityKey, ...quantityProps } = getInputProps(quantity, {
            type: 'number',
          });
          return (
            <div key={pieceField.key}>
              <input key={hiddenKey} {...hidden} />
              <Field
                key={quantityKey}
                label={`${piece.productName} (${piece.left} left)`}
                min={0}
                max={piece.left}
                {...quantityProps}
                error={quantity.errors?.[0]}
              />
            </div>
          );
        })}
        {fields.pieces.errors?.[0] ? (
          <p id={fields.pieces.errorId} role="alert" className="text-sm text-red-700">
            {fields.pieces.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          key={dispatchedOn.key}
          label="Dispatch date"
          {...dispatchedOn.props}
          error={fields.dispatchedOn.errors?.[0]}
        />
        <Field
          key={boxes.key}
          label="Boxes"
          min={1}
          max={99}
          {...boxes.props}
          error={fields.boxes.errors?.[0]}
        />
      </div>
      <PhotosField
        id={photosId}
        label={`Photos of the packed boxes (up to ${SHIPMENT_MAX_PHOTOS})`}
        problem={photosCheck.problem}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButtonClass}>
          {balanceDueMinor > 0 ? 'Ship anyway' : orderActionLabels.ship}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Not yet
        </button>
      </div>
    </fetcher.Form>
  );
}
