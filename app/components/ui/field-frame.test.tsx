import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { conformFrame, FieldFrame } from './field-frame';
import { Field } from './field';

describe('FieldFrame', () => {
  it('labels the control, stars a required field and ties the error to the control', () => {
    const html = renderToStaticMarkup(
      <FieldFrame id="mobile" label="Mobile" required error="Enter a mobile number.">
        {(control) => <input {...control} />}
      </FieldFrame>,
    );
    expect(html).toBe(
      '<div class="grid gap-1"><label for="mobile" class="font-medium">Mobile' +
        '<span aria-hidden="true" class="text-danger"> *</span></label>' +
        '<input id="mobile" aria-invalid="true" aria-describedby="mobile-error"/>' +
        '<p id="mobile-error" class="text-sm text-danger">Enter a mobile number.</p></div>',
    );
  });

  it('describes the control by its hint when it has no error, and shows no star or error', () => {
    const html = renderToStaticMarkup(
      <FieldFrame id="terms" label="Terms" hint="Shown on every offer." hintId="terms-hint">
        {(control) => <textarea {...control} />}
      </FieldFrame>,
    );
    expect(html).toBe(
      '<div class="grid gap-1"><label for="terms" class="font-medium">Terms</label>' +
        '<textarea id="terms" aria-describedby="terms-hint"></textarea>' +
        '<p id="terms-hint" class="text-sm text-ink-muted">Shown on every offer.</p></div>',
    );
  });

  it("names both the error and the hint, and takes Conform's error id", () => {
    const html = renderToStaticMarkup(
      <FieldFrame
        {...conformFrame({ id: 'f-note', errorId: 'f-note-error', errors: ['Too long.'] })}
        label="Note"
        hint="Up to 500 characters."
        hintId="f-note-hint"
      >
        {(control) => <textarea {...control} />}
      </FieldFrame>,
    );
    expect(html).toContain('aria-describedby="f-note-error f-note-hint"');
    expect(html).toContain('<p id="f-note-error" class="text-sm text-danger">Too long.</p>');
  });

  it('draws a control given as children as it is', () => {
    const html = renderToStaticMarkup(
      <FieldFrame id="product" label="Product">
        <input id="product" readOnly value="Brass lamp" />
      </FieldFrame>,
    );
    expect(html).toBe(
      '<div class="grid gap-1"><label for="product" class="font-medium">Product</label>' +
        '<input id="product" readOnly="" value="Brass lamp"/></div>',
    );
  });
});

describe('Field', () => {
  it('keeps its own markup: an unlinked hint, the error under it tied by `${id}-error`', () => {
    const html = renderToStaticMarkup(
      <Field
        id="email"
        name="email"
        label="Email"
        hint="We never share it."
        error="Enter an email."
      />,
    );
    expect(html).toBe(
      '<div class="grid gap-1"><label for="email" class="font-medium">Email</label>' +
        '<input id="email" aria-invalid="true" aria-describedby="email-error" ' +
        'class="w-full rounded-lg border border-stone bg-white px-3 py-2 aria-[invalid=true]:border-danger" name="email"/>' +
        '<p class="text-sm text-ink-muted">We never share it.</p>' +
        '<p id="email-error" class="text-sm text-danger">Enter an email.</p></div>',
    );
  });
});
