import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { signAddressData } from '../../../src/domain/address-book/signature.ts';
import { CODE_PURPOSE_BIND_ADDRESS } from '../../../src/domain/contract-codes.ts';
import { EventStore } from '../../../src/sim/store/event-store.ts';
import { OUTBOX } from '../accounts/harness.ts';
import { startAddressBook } from './harness.ts';

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TRON_TYPO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const USDT_ERC20 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

async function signedIn() {
  const sim = await startAddressBook();
  const token = await sim.loginDemo();
  const userId = sim.accounts.userIdOf(token, sim.clock.now()) ?? 0;
  return { ...sim, token, userId };
}

describe('address/* (the address-binding service)', () => {
  it('binds a valid address with the code from the outbox and lists it; withdrawals can ask isBound', async () => {
    const { call, sendCode, signed, token, userId, book } = await signedIn();
    const code = await sendCode(token);
    const box = (await call('notify/outbox', { key: OUTBOX })).data as Array<{ purpose: number; to: string }>;
    expect(box.at(-1)).toMatchObject({ purpose: CODE_PURPOSE_BIND_ADDRESS, to: 'demo@tessera.example' });

    const form = await signed(token, { address: ` ${TRON} `, verificationcode: code, label: ' Cold ' });
    const bound = await call('address/bind', { data: form.data, signature: form.signature }, token);
    expect(bound).toMatchObject({ code: 1, msg: 'Address bound' });

    const list = await call('address/list', {}, token);
    expect(list.data).toEqual([
      {
        id: (bound.data as { id: number }).id,
        address: TRON,
        coin_name: 'USDT',
        contract_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        chain: 'TRC20',
        label: 'Cold',
        created_at: expect.any(Number),
      },
    ]);
    expect(book.isBound(userId, 'USDT', 'TRC20', TRON)).toBe(true);
    expect(book.isBound(userId, 'USDT', 'ERC20', TRON)).toBe(false);
    expect(book.isBound(userId, 'TRX', 'TRC20', TRON)).toBe(false);
    expect(book.isBound(userId + 1, 'USDT', 'TRC20', TRON)).toBe(false);
    const forCoin = await call(
      'address/draw_addresses',
      { coin_name: 'USDT', contract_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      token,
    );
    expect(forCoin.data).toHaveLength(1);
    const other = await call('address/draw_addresses', { coin_name: 'BTC' }, token);
    expect(other.data).toEqual([]);
  });

  it('compares Ethereum addresses in any letter case as one address', async () => {
    const { call, sendCode, signed, token, userId, book } = await signedIn();
    const code = await sendCode(token);
    const form = await signed(token, {
      address: ETH.toLowerCase(),
      coin_name: 'USDT',
      contract_address: USDT_ERC20,
      verificationcode: code,
    });
    expect((await call('address/bind', form, token)).code).toBe(1);
    const [entry] = (await call('address/list', {}, token)).data as Array<{ address: string; chain: string }>;
    expect(entry).toMatchObject({ address: ETH, chain: 'ERC20' });
    expect(book.isBound(userId, 'USDT', 'ERC20', ETH.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(book.isBoundByContract(userId, 'USDT', USDT_ERC20, ETH)).toBe(true);
  });

  it('the code is single use', async () => {
    const { call, sendCode, signed, token, clock } = await signedIn();
    const code = await sendCode(token);
    expect(
      (await call('address/bind', await signed(token, { address: TRON, verificationcode: code }), token))
        .code,
    ).toBe(1);
    clock.advance(1000);
    const again = await call(
      'address/bind',
      await signed(token, { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', verificationcode: code }),
      token,
    );
    expect(again).toMatchObject({ code: 0, msg: 'The verification code is wrong or has expired' });
  });

  it('five wrong tries void the code, even for the right code afterwards', async () => {
    const { call, sendCode, signed, token } = await signedIn();
    const code = await sendCode(token);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        (await call('address/bind', await signed(token, { address: TRON, verificationcode: wrong }), token))
          .msg,
      );
    }
    expect(answers.slice(0, 4).every((msg) => msg === 'The verification code is wrong or has expired')).toBe(
      true,
    );
    expect(answers[4]).toBe('Too many wrong tries: please ask for a new code');
    const right = await call(
      'address/bind',
      await signed(token, { address: TRON, verificationcode: code }),
      token,
    );
    expect(right).toMatchObject({ code: 0, msg: 'Too many wrong tries: please ask for a new code' });
    expect((await call('address/list', {}, token)).data).toEqual([]);
  });

  it('refuses an invalid address with a translated message, and the code stays usable', async () => {
    const { call, sendCode, signed, token } = await signedIn();
    const code = await sendCode(token);
    const typo = await call(
      'address/bind',
      await signed(token, { address: TRON_TYPO, verificationcode: code }),
      token,
    );
    expect(typo).toMatchObject({ code: 0, msg: 'The address has a typo: its checksum does not match' });
    const ru = await call(
      'address/bind',
      await signed(token, { address: ETH, verificationcode: code }),
      token,
      'ru',
    );
    expect(ru).toMatchObject({ code: 0, msg: 'Это не адрес выбранной сети' });
    expect(ru.msg).not.toContain(ETH);
    const empty = await call(
      'address/bind',
      await signed(token, { address: '  ', verificationcode: code }),
      token,
    );
    expect(empty.msg).toBe('Please enter the address');
    const chain = await call(
      'address/bind',
      await signed(token, { address: TRON, coin_name: 'DOGE', contract_address: '', verificationcode: code }),
      token,
    );
    expect(chain.msg).toBe('This coin cannot be withdrawn on that chain');
    const label = await call(
      'address/bind',
      await signed(token, { address: TRON, verificationcode: code, label: 'x'.repeat(31) }),
      token,
    );
    expect(label.msg).toBe('The label is too long (30 characters at most)');
    expect((await call('address/list', {}, token)).data).toEqual([]);
    expect(
      (await call('address/bind', await signed(token, { address: TRON, verificationcode: code }), token))
        .code,
    ).toBe(1);
  });

  it('refuses a form that is not signed with this session key, a changed field, or a stale one', async () => {
    const { call, sendCode, signed, token, clock, loginDemo } = await signedIn();
    const code = await sendCode(token);
    const form = await signed(token, { address: TRON, verificationcode: code });
    const tampered = {
      data: { ...form.data, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      signature: form.signature,
    };
    expect((await call('address/bind', tampered, token)).msg).toBe(
      'The form could not be verified; please try again',
    );
    const otherSession = await loginDemo();
    expect((await call('address/bind', form, otherSession)).msg).toBe(
      'The form could not be verified; please try again',
    );
    const badKey = await signAddressData('0'.repeat(64), form.data);
    expect((await call('address/bind', { data: form.data, signature: badKey }, token)).code).toBe(0);
    clock.advance(301_000);
    expect((await call('address/bind', form, token)).msg).toBe('The form has expired; please try again');
    const future = await signed(token, {
      address: TRON,
      verificationcode: code,
      timestamp: Math.floor(clock.now() / 1000) + 301,
    });
    expect((await call('address/bind', future, token)).msg).toBe('The form has expired; please try again');
    const notMine = await signed(token, { address: TRON, verificationcode: code, user_id: 1 });
    expect((await call('address/bind', notMine, token)).msg).toBe('This form belongs to another account');
    expect((await call('address/list', {}, token)).data).toEqual([]);
  });

  it('refuses extra or missing fields and wrong types (the catalogue schema), and calls without a session', async () => {
    const { call, sendCode, signed, token } = await signedIn();
    const code = await sendCode(token);
    const form = await signed(token, { address: TRON, verificationcode: code });
    expect((await call('address/bind', { ...form, data: { ...form.data, extra: 1 } }, token)).code).toBe(0);
    const { label: _label, ...missing } = form.data;
    expect((await call('address/bind', { ...form, data: missing }, token)).code).toBe(0);
    expect((await call('address/bind', { ...form, data: { ...form.data, user_id: '7' } }, token)).code).toBe(
      0,
    );
    expect((await call('address/bind', form, '')).code).toBe('999');
    expect((await call('address/list', {}, 'nope')).code).toBe('999');
    expect((await call('address/send_code', { via: 'fax' }, token)).code).toBe(0);
  });

  it('sends at most one code per 55 s, to a bound contact only', async () => {
    const { call, sendCode, token, clock } = await signedIn();
    await sendCode(token);
    const soon = await call('address/send_code', { via: 'email', outbox_key: OUTBOX }, token);
    expect(soon).toMatchObject({ code: 0, msg: 'Please wait 55 s before asking for another code' });
    clock.advance(55_000);
    expect((await call('address/send_code', { via: 'email', outbox_key: OUTBOX }, token)).code).toBe(1);
    clock.advance(55_000);
    const sms = await call('address/send_code', { via: 'mobile', outbox_key: OUTBOX }, token);
    expect(sms).toMatchObject({ code: 0, msg: 'No phone number is bound to your account' });
  });

  it('relabels and deletes only the owner’s entries; a duplicate is refused', async () => {
    const { call, sendCode, signed, token, clock, userId, book } = await signedIn();
    const code = await sendCode(token);
    const { id } = (
      await call('address/bind', await signed(token, { address: TRON, verificationcode: code }), token)
    ).data as { id: number };
    clock.advance(60_000);
    const code2 = await sendCode(token);
    const dup = await call(
      'address/bind',
      await signed(token, { address: TRON, verificationcode: code2 }),
      token,
    );
    expect(dup.msg).toBe('This address is already in your address book');

    // Another user can neither see nor touch it.
    await call('notify/send_email', { to: 'eve@example.com', type: 1, outbox_key: OUTBOX });
    const box = (await call('notify/outbox', { key: OUTBOX })).data as Array<{ code: string }>;
    await call('user/register', {
      account: 'eve@example.com',
      password: 'Secret123',
      re_password: 'Secret123',
      sms_code: box.at(-1)?.code ?? '',
      type: 'email',
    });
    const eve = (
      await call('user/login', { account: 'eve@example.com', password: 'Secret123', login_type: 'email' })
    ).data as string;
    expect((await call('address/list', {}, eve)).data).toEqual([]);
    expect((await call('address/delete', { id }, eve)).msg).toBe('No such address in your address book');
    expect((await call('address/label', { id, label: 'Mine' }, eve)).msg).toBe(
      'No such address in your address book',
    );
    expect(book.entriesOf(userId)).toHaveLength(1);
    expect((await call('address/label', { id, label: 'New' }, token)).msg).toBe('Label saved');
    expect((await call('address/label', { id, label: 'a\u0007b' }, token)).msg).toMatch(
      // The server's boundary or the label rule refuses it, whichever looks first.
      /label contains characters that are not allowed/,
    );
    expect((await call('address/delete', { id: id + 1 }, token)).msg).toBe(
      'No such address in your address book',
    );
    expect(((await call('address/list', {}, token)).data as Array<{ label: string }>)[0]?.label).toBe('New');
    expect(await call('address/delete', { id }, token)).toMatchObject({ code: 1, msg: 'Address deleted' });
    expect((await call('address/list', {}, token)).data).toEqual([]);
    expect(book.isBound(userId, 'USDT', 'TRC20', TRON)).toBe(false);
  });

  it('survives a reload: the book is folded from the event log', async () => {
    const store = new EventStore({ name: 'tessera-address-book-test', indexedDB, IDBKeyRange });
    const first = await startAddressBook({ store });
    const token = await first.loginDemo();
    const code = await first.sendCode(token);
    expect(
      (
        await first.call(
          'address/bind',
          await first.signed(token, { address: TRON, verificationcode: code, label: 'Cold' }),
          token,
        )
      ).code,
    ).toBe(1);
    const userId = first.accounts.userIdOf(token, first.clock.now()) ?? 0;
    const { AddressBook } = await import('../../../src/sim/features/address-book/address-book.ts');
    const reopened = await AddressBook.open({ store, clock: first.clock });
    expect(reopened.entriesOf(userId)).toMatchObject([{ address: TRON, label: 'Cold', chain: 'TRC20' }]);
    expect(reopened.isBound(userId, 'USDT', 'TRC20', TRON)).toBe(true);
    // The used code is gone after the reload too, and the session key is the same one.
    expect(reopened.state().codes.has(userId)).toBe(false);
    expect(reopened.keyOf(token, userId, first.clock.now())).toBe(
      first.book.keyOf(token, userId, first.clock.now()),
    );
  });
});
