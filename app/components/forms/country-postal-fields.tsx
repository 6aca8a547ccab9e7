/**
 * docs/requirements.md §19: an address's Country select and its postal code, whose label follows the country:
 * "PIN code" for India, "ZIP code" for the United States, "Postal code" elsewhere. The server
 * renders the label of the country chosen first, so it reads right without JavaScript; once
 * hydrated, choosing another country changes it at once. Shared by every address form (the quote
 * page's Accept Offer, the dashboard's address book).
 */
import { useState } from 'react';
import { countries, postalCodeRuleFor } from '../../../core/identity/countries';
import { FormField } from './answer-form';
import { inputClass } from '../ui/classes';
import { controlProps, type FieldMetadata } from './lazy-form';

export function CountryAndPostalCode({
  country,
  postalCode,
  defaultCountry,
  defaultPostalCode,
}: {
  country: FieldMetadata;
  postalCode: FieldMetadata;
  /** The country chosen before the buyer picks one (an ISO code). */
  defaultCountry: string;
  /** An address being edited: its postal code. */
  defaultPostalCode?: string;
}) {
  // A post answered with errors (no JavaScript) comes back with the country that was posted.
  const posted = typeof country.initialValue === 'string' ? country.initialValue : '';
  const first = posted || defaultCountry;
  const [chosen, setChosen] = useState(first);
  const rule = postalCodeRuleFor(chosen);
  const { key, ...selectProps } = controlProps(country);
  const error = country.errors?.[0];
  return (
    <>
      <div className="grid gap-1">
        <label htmlFor={country.id} className="font-medium">
          Country
        </label>
        <select
          key={key}
          {...selectProps}
          defaultValue={first}
          autoComplete="country"
          onChange={(event) => setChosen(event.target.value)}
          className={inputClass}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {error ? (
          <p id={country.errorId} className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <FormField
        meta={postalCode}
        label={rule.label}
        inputMode={rule.inputMode}
        autoComplete="postal-code"
        {...(defaultPostalCode === undefined ? {} : { defaultValue: defaultPostalCode })}
      />
    </>
  );
}
