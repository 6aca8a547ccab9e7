import { describe, expect, it } from 'vitest';
import { adminSearch, likePrefix } from './admin-search';

describe('the admin search', () => {
  it('reads nothing from a blank query', () => {
    expect(adminSearch('')).toBeNull();
    expect(adminSearch('   ')).toBeNull();
  });

  it('finds a mobile by its last 10 digits, with or without +91, spaces and dashes', () => {
    const reversed = '0123456789';
    for (const typed of ['+91 98765 43210', '9876543210', '098765-43210', '(+91) 98765.43210']) {
      expect(adminSearch(typed)?.reversedMobileDigits, typed).toBe(reversed);
    }
    // fewer digits: the number ends with them
    expect(adminSearch('43210')?.reversedMobileDigits).toBe('01234');
  });

  it('does not read a name, an e-mail, a reference or a short number as a mobile', () => {
    expect(adminSearch('Asha Rao')?.reversedMobileDigits).toBeNull();
    expect(adminSearch('asha99@example.com')?.reversedMobileDigits).toBeNull();
    expect(adminSearch('Q-20261124-0001')?.reversedMobileDigits).toBeNull();
    expect(adminSearch('123')?.reversedMobileDigits).toBeNull();
  });

  it('makes each word a prefix of a word of the name, letters and digits only', () => {
    expect(adminSearch('  Asha  RAO ')?.namePrefixes).toEqual(['asha', 'rao']);
    expect(adminSearch("d'souza & !xy:* (yz)")?.namePrefixes).toEqual(['souza', 'xy', 'yz']);
    expect(adminSearch('Zoë')?.namePrefixes).toEqual(['zoë']);
    expect(adminSearch('&|!')?.namePrefixes).toBeNull();
    // an initial next to a name adds nothing but cost; alone it is the search
    expect(adminSearch('A Rao')?.namePrefixes).toEqual(['rao']);
    expect(adminSearch('a')?.namePrefixes).toEqual(['a']);
  });

  it('looks up no name for a number, a reference or an order number', () => {
    expect(adminSearch('+91 98765 43210')?.namePrefixes).toBeNull();
    expect(adminSearch('Q-20261124-0001')?.namePrefixes).toBeNull();
    expect(adminSearch('ord-2026')?.namePrefixes).toBeNull();
    expect(adminSearch('Quentin')?.namePrefixes).toEqual(['quentin']);
  });

  it('reads a reference or order number upper-cased without spaces, an e-mail lower-cased', () => {
    const search = adminSearch(' q-20261124 ');
    expect(search?.code).toBe('Q-20261124');
    expect(adminSearch('Asha@Example.COM')?.lowered).toBe('asha@example.com');
  });

  it('takes LIKE wildcards in the query literally', () => {
    expect(likePrefix('50%_off\\')).toBe('50\\%\\_off\\\\%');
    expect(likePrefix('asha')).toBe('asha%');
  });
});
