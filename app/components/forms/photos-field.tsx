/**
 * docs/requirements.md §24: a form's photos (a making-of update, a shipment's packed boxes, a return): the
 * file field, and the count checked when the form is sent, before any byte is uploaded; the server
 * checks the count again, and each photo through the image pipeline.
 */
import { useState, type FormEvent } from 'react';

export function usePhotosCheck(max: number, problem: string) {
  const [shown, setShown] = useState<string | null>(null);
  return {
    problem: shown,
    /** Whether the form may be sent: at most `max` photos chosen; else the field says so. */
    allows(event: FormEvent<HTMLFormElement>): boolean {
      const photos = event.currentTarget.elements.namedItem('photos');
      if (photos instanceof HTMLInputElement && (photos.files?.length ?? 0) > max) {
        event.preventDefault();
        setShown(problem);
        return false;
      }
      setShown(null);
      return true;
    },
  };
}

export function PhotosField({
  id,
  label,
  problem,
}: {
  id: string;
  label: string;
  /** The count's problem, shown under the field. */
  problem: string | null;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-describedby={problem ? `${id}-error` : undefined}
        className="min-h-11 text-sm"
      />
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
