import { updateProfile } from '../../flows/update-profile';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { addresses, products, profiles, wishlistItems } from '../../db/schema';
import type { Actor } from '../actor';
import {
  createAddress,
  deleteAddress,
  getProfile,
  listAddresses,
  listWishlist,
  removeWishlistItem,
  setDefaultAddress,
  toggleWishlist,
  updateAddress,
} from './index';

const home = {
  title: 'Home',
  streetAddress: '12 Lake Road',
  apartment: '',
  city: 'Udaipur',
  state: 'Rajasthan',
  postalCode: '313001',
  country: 'IN',
};

describe(`the customer's own records on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let customerA: Actor;
  let customerB: Actor;
  beforeAll(async () => {
    database = await createTestDatabase();
    const a = await insertUser(database.db, { name: 'Asha' });
    const b = await insertUser(database.db, { name: 'Bala' });
    customerA = { userId: a.id, roles: [] };
    customerB = { userId: b.id, roles: [] };
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('updates the profile, keeps the e-mail of the account, and rejects a visitor', async () => {
    const { db } = database;
    const updated = await updateProfile(db, customerA, {
      displayName: '  Asha Rao ',
      phone: '+91 98290 11111',
    });
    expect(updated).toMatchObject({ displayName: 'Asha Rao', phone: '+91 98290 11111' });
    expect(updated.email).toMatch(/@example\.com$/);
    await expect(getProfile(db, null)).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(updateProfile(db, null, { displayName: 'X' })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(updateProfile(db, customerA, { phone: 'call me' })).rejects.toMatchObject({
      code: 'invalid',
    });
    const [row] = await db.select().from(profiles).where(eq(profiles.userId, customerA!.userId));
    expect(row?.phone).toBe('+91 98290 11111');
  });

  it('makes the first address the default, defaults the country to US, and keeps one default', async () => {
    const { db } = database;
    // spec §9: no country is US; docs/requirements.md §19: whose postal code is a ZIP code
    const first = await createAddress(db, customerA, { ...home, country: '', postalCode: '10001' });
    expect(first).toMatchObject({ isDefault: true, country: 'US', apartment: null });
    // docs/requirements.md §19: a PIN code is no ZIP code
    await expect(
      createAddress(db, customerA, { ...home, title: 'Bad', country: '' }),
    ).rejects.toMatchObject({ code: 'invalid' });
    const work = await createAddress(db, customerA, { ...home, title: 'Work', isDefault: 'on' });
    let list = await listAddresses(db, customerA);
    expect(list.map((address) => [address.title, address.isDefault])).toEqual([
      ['Work', true],
      ['Home', false],
    ]);
    await setDefaultAddress(db, customerA, { id: first.id });
    list = await listAddresses(db, customerA);
    expect(list.filter((address) => address.isDefault).map((address) => address.id)).toEqual([
      first.id,
    ]);
    const edited = await updateAddress(db, customerA, { id: work.id, ...home, city: 'Jaipur' });
    expect(edited.city).toBe('Jaipur');
    // Deleting the default hands the flag to the oldest remaining address.
    await deleteAddress(db, customerA, { id: first.id });
    list = await listAddresses(db, customerA);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: work.id, isDefault: true });
  });

  it('refuses bad address input and stores nothing', async () => {
    const { db } = database;
    const before = await listAddresses(db, customerB);
    await expect(createAddress(db, customerB, { ...home, city: '  ' })).rejects.toMatchObject({
      code: 'invalid',
      message: 'City is required',
    });
    expect(await listAddresses(db, customerB)).toEqual(before);
  });

  it("never lets customer B read, change or delete customer A's addresses", async () => {
    const { db } = database;
    const [aAddress] = await listAddresses(db, customerA);
    if (!aAddress) throw new Error('customer A has an address');
    expect(await listAddresses(db, customerB)).toEqual([]);
    await expect(
      updateAddress(db, customerB, { id: aAddress.id, ...home, city: 'Stolen' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(setDefaultAddress(db, customerB, { id: aAddress.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(deleteAddress(db, customerB, { id: aAddress.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    for (const call of [
      () => listAddresses(db, null),
      () => createAddress(db, null, home),
      () => deleteAddress(db, null, { id: aAddress.id }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    const [unchanged] = await db.select().from(addresses).where(eq(addresses.id, aAddress.id));
    expect(unchanged).toEqual(aAddress);
  });

  it('answers "not found" for an id that is not a UUID, as for one that does not exist', async () => {
    const { db } = database;
    // PostgreSQL refuses to compare a uuid column with such text; that must not become a 500.
    for (const id of ['not-a-uuid', '42', '']) {
      for (const call of [
        () => updateAddress(db, customerA, { id, ...home }),
        () => setDefaultAddress(db, customerA, { id }),
        () => deleteAddress(db, customerA, { id }),
        () => removeWishlistItem(db, customerA, { id }),
      ]) {
        await expect(call()).rejects.toMatchObject({ code: 'not_found' });
      }
    }
  });

  it('adds to the wishlist at the price of the day and shows a price drop or rise', async () => {
    const { db } = database;
    const urli = await insertProduct(db, { name: 'Lotus Urli', priceMinor: 300_000 });
    const stand = await insertProduct(db, { name: 'Cake Stand', priceMinor: 200_000 });
    const gone = await insertProduct(db, { name: 'Withdrawn Lamp' });
    expect(await toggleWishlist(db, customerA, { productId: urli.id })).toEqual({
      inWishlist: true,
    });
    await toggleWishlist(db, customerA, { productId: stand.id });
    await toggleWishlist(db, customerA, { productId: gone.id });
    await db.update(products).set({ priceMinor: 250_000 }).where(eq(products.id, urli.id));
    await db.update(products).set({ priceMinor: 210_000 }).where(eq(products.id, stand.id));
    // A product taken off the storefront is hidden from the wishlist.
    await db.update(products).set({ published: false }).where(eq(products.id, gone.id));
    const list = await listWishlist(db, customerA);
    expect(list.map((item) => [item.name, item.priceChange, item.priceWhenAddedMinor])).toEqual([
      ['Cake Stand', 'up', 200_000],
      ['Lotus Urli', 'drop', 300_000],
    ]);
    // A second press takes it off again.
    expect(await toggleWishlist(db, customerA, { productId: stand.id })).toEqual({
      inWishlist: false,
    });
  });

  it("never lets customer B see or remove customer A's wishlist items", async () => {
    const { db } = database;
    const [item] = await listWishlist(db, customerA);
    if (!item) throw new Error('customer A has a wishlist item');
    expect(await listWishlist(db, customerB)).toEqual([]);
    await expect(removeWishlistItem(db, customerB, { id: item.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(removeWishlistItem(db, null, { id: item.id })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(toggleWishlist(db, null, { productId: item.productId })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    const rows = await db.select().from(wishlistItems).where(eq(wishlistItems.id, item.id));
    expect(rows).toHaveLength(1);
    await removeWishlistItem(db, customerA, { id: item.id });
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.id, item.id))).toEqual([]);
  });
});
