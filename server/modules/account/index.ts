/**
 * The customer's own records (spec §2 Customer dashboard, §3 Profile, Address, Wishlist item,
 * §7 Dashboard calls). Every function takes the acting user and touches only that user's rows: a
 * row of someone else is "not found", exactly like a row that does not exist.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import {
  addressSchema,
  profileSchema,
  type AddressInput,
  type ProfileInput,
} from '../../../core/identity/account';
import { countryCodeOf } from '../../../core/identity/countries';
import { readCurrencyChoice, type CurrencyChoice } from '../../../core/money/display-currency';
import { currencyChoiceSchema } from '../../../core/money/display-currency-schema';
import { hasMailableEmail } from '../../../core/identity/identity';
import type { Database } from '../../db/client';
import { addresses, profiles, users } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { parseInput, requireRowId, requireUser } from '../kernel';

const ADDRESS_NOT_FOUND = 'Address not found';

export interface Profile {
  email: string;
  displayName: string | null;
  phone: string | null;
  /** docs/requirements.md §15: taken from the account's requests, to prefill the next one. */
  company: string | null;
  gstin: string | null;
}

// spec §7: read profile by user_id; the e-mail comes from the signed-in user
export async function getProfile(db: Database, actor: Actor): Promise<Profile> {
  const userId = requireUser(actor);
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      displayName: profiles.displayName,
      phone: profiles.phone,
      company: profiles.company,
      gstin: profiles.gstin,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new DomainError('unauthenticated', 'Please sign in to continue.');
  return {
    email: row.email,
    displayName: row.displayName ?? (row.name || null),
    phone: row.phone,
    company: row.company,
    gstin: row.gstin,
  };
}

/**
 * docs/requirements.md §15: what a signed-in buyer's quote forms (the Request Quotation dialog,
 * the quote list) start from: the profile's name, e-mail, mobile, company and GSTIN. A phone
 * account's placeholder address is no e-mail to offer.
 */
export function requestFormDetails(profile: Profile): {
  customerName: string;
  customerEmail: string;
  customerMobile: string;
  customerCompany: string;
  customerGstin: string;
} {
  return {
    customerName: profile.displayName ?? '',
    customerEmail: hasMailableEmail(profile.email) ? profile.email : '',
    customerMobile: profile.phone ?? '',
    customerCompany: profile.company ?? '',
    customerGstin: profile.gstin ?? '',
  };
}

/** What a request of the account told the shop about its buyer, as the request stored it. */
export interface RequestDetails {
  customerMobile: string | null;
  customerCompany: string | null;
  customerGstin: string | null;
}

/**
 * docs/requirements.md §15: a request that has joined the account (made signed in, or added to
 * it) fills the profile's mobile, company and GSTIN where the profile has none; a value the
 * profile holds is never overwritten. A mobile the profile's own rule refuses is left out, so the
 * dashboard's profile form still saves as it is shown.
 */
export async function fillProfileFromRequest(
  db: Database,
  actor: Actor,
  request: RequestDetails,
): Promise<void> {
  const userId = requireUser(actor);
  const phone = profileSchema.shape.phone.safeParse(request.customerMobile ?? '');
  const given = {
    phone: phone.success ? phone.data : null,
    company: request.customerCompany?.trim() || null,
    gstin: request.customerGstin?.trim() || null,
  };
  if (!given.phone && !given.company && !given.gstin) return;
  await db
    .insert(profiles)
    .values({ userId, ...given })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: {
        phone: sql`coalesce(nullif(${profiles.phone}, ''), excluded.phone)`,
        company: sql`coalesce(nullif(${profiles.company}, ''), excluded.company)`,
        gstin: sql`coalesce(nullif(${profiles.gstin}, ''), excluded.gstin)`,
      },
    });
}

/**
 * spec §7: update profile {display_name, phone}, inside the caller's transaction; answers the
 * fields it wrote (none: nothing to write). The account's name follows the display name through
 * server/flows/update-profile.ts, which owns that second write.
 */
export async function saveProfile(
  tx: Database,
  actor: Actor,
  input: unknown,
  options: { keepOmittedFields?: boolean } = {},
): Promise<Partial<ProfileInput>> {
  const userId = requireUser(actor);
  const parsed: ProfileInput = parseInput(profileSchema, input);
  // docs/requirements.md §11: the API's PATCH changes only the fields it sends; the dashboard's form sends both,
  // and an empty one clears its field.
  const values: Partial<ProfileInput> = options.keepOmittedFields
    ? Object.fromEntries(
        Object.entries(parsed).filter(
          ([field]) => (input as Record<string, unknown>)[field] !== undefined,
        ),
      )
    : parsed;
  if (Object.keys(values).length === 0) return values;
  await tx
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values });
  return values;
}

/** docs/requirements.md §21: the currency the signed-in buyer chose to see beside rupees; null: none chosen. */
export async function getDisplayCurrencyChoice(
  db: Database,
  actor: Actor,
): Promise<CurrencyChoice | null> {
  const userId = requireUser(actor);
  const [row] = await db
    .select({ displayCurrency: profiles.displayCurrency })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return readCurrencyChoice(row?.displayCurrency);
}

/** docs/requirements.md §21: the header's and footer's currency picker, signed in: the choice is kept in the profile. */
export async function setDisplayCurrencyChoice(
  db: Database,
  actor: Actor,
  input: unknown,
): Promise<CurrencyChoice> {
  const userId = requireUser(actor);
  const { currency } = parseInput(currencyChoiceSchema, input);
  await db
    .insert(profiles)
    .values({ userId, displayCurrency: currency })
    .onConflictDoUpdate({ target: profiles.userId, set: { displayCurrency: currency } });
  return currency;
}

export type Address = typeof addresses.$inferSelect;

// spec §7: addresses by user_id, the default first
export async function listAddresses(db: Database, actor: Actor): Promise<Address[]> {
  const userId = requireUser(actor);
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt));
}

export async function createAddress(db: Database, actor: Actor, input: unknown): Promise<Address> {
  const userId = requireUser(actor);
  const values: AddressInput = parseInput(addressSchema, input);
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .limit(1);
    // The first address is the default one; a new default clears the others in this transaction.
    const isDefault = values.isDefault || existing.length === 0;
    if (isDefault) {
      await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    }
    const [created] = await tx
      .insert(addresses)
      .values({ ...values, isDefault, userId })
      .returning();
    if (!created) throw new Error('address not stored');
    return created;
  });
}

/**
 * docs/requirements.md §19 "Save this address": an address the buyer shipped an order to joins their address
 * book, unless the same address is there already (compared without case and spacing, the country
 * by its code). Answers the address kept, or null when it was there.
 */
export async function saveAddressUnlessKnown(
  db: Database,
  actor: Actor,
  input: {
    title: string;
    streetAddress: string;
    apartment?: string | null;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  },
): Promise<Address | null> {
  const userId = requireUser(actor);
  const values: AddressInput = parseInput(addressSchema, {
    ...input,
    apartment: input.apartment ?? '',
  });
  const sameText = (a: string | null, b: string | null) =>
    (a ?? '').trim().replaceAll(/\s+/g, ' ').toLowerCase() ===
    (b ?? '').trim().replaceAll(/\s+/g, ' ').toLowerCase();
  const saved = await db.select().from(addresses).where(eq(addresses.userId, userId));
  const known = saved.some(
    (address) =>
      sameText(address.streetAddress, values.streetAddress) &&
      sameText(address.apartment, values.apartment) &&
      sameText(address.city, values.city) &&
      sameText(address.state, values.state) &&
      sameText(address.postalCode, values.postalCode) &&
      countryCodeOf(address.country) === countryCodeOf(values.country),
  );
  if (known) return null;
  return createAddress(db, actor, {
    ...values,
    apartment: values.apartment ?? '',
    isDefault: false,
  });
}

export async function updateAddress(
  db: Database,
  actor: Actor,
  input: { id: string } & Record<string, unknown>,
): Promise<Address> {
  const userId = requireUser(actor);
  const id = requireRowId(input.id, 'Address');
  const values: AddressInput = parseInput(addressSchema, input);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ isDefault: addresses.isDefault })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!current) throw new DomainError('not_found', ADDRESS_NOT_FOUND);
    // Unticking "default" on the default address would leave none; it stays the default.
    const isDefault = values.isDefault || current.isDefault;
    if (values.isDefault) {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, id)));
    }
    const [updated] = await tx
      .update(addresses)
      .set({ ...values, isDefault })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!updated) throw new DomainError('not_found', ADDRESS_NOT_FOUND);
    return updated;
  });
}

export async function setDefaultAddress(
  db: Database,
  actor: Actor,
  input: { id: string },
): Promise<void> {
  const userId = requireUser(actor);
  const id = requireRowId(input.id, 'Address');
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!target) throw new DomainError('not_found', ADDRESS_NOT_FOUND);
    await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
  });
}

export async function deleteAddress(
  db: Database,
  actor: Actor,
  input: { id: string },
): Promise<void> {
  const userId = requireUser(actor);
  const id = requireRowId(input.id, 'Address');
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!deleted) throw new DomainError('not_found', ADDRESS_NOT_FOUND);
    if (deleted.isDefault) {
      // The oldest remaining address becomes the default, so a saved address always has one.
      const [oldest] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt))
        .limit(1);
      if (oldest) {
        await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, oldest.id));
      }
    }
  });
}

// spec §2, §7: the wishlist
export {
  addToWishlist,
  isInWishlist,
  listWishlist,
  removeProductFromWishlist,
  removeWishlistItem,
  toggleWishlist,
  type WishlistEntry,
} from './wishlist';

// docs/requirements.md §21: price-drop alerts (the setting, the wishers told, the mail's unsubscribe link)
export {
  alertWishersOfPriceDrop,
  priceDropUnsubscribeAddress,
  priceDropUnsubscribePath,
  priceDropUnsubscribeToken,
  readPriceDropAlerts,
  setPriceDropAlerts,
  unsubscribeFromPriceDropAlerts,
} from './price-drop-alerts';
