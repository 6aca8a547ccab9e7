/** A field's first error, which Conform ties to the field by its `errorId`. */
export function FieldError({ field }: { field: { errorId: string; errors?: string[] } }) {
  return field.errors?.length ? (
    <p id={field.errorId} className="text-sm text-danger">
      {field.errors[0]}
    </p>
  ) : null;
}
