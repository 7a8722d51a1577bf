import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { personalActors } from '../../../../src/machines/actors/personal.ts';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

describe.each(TRANSPORTS)('pay_method/get_method_by_type over the %s transport', (name) => {
  it('with nothing saved answers the type with its fields empty, never null', async () => {
    const token = await family.newUser(name, `pay-${name}@example.com`);
    const api = await family.tessera(name, token);
    const types = await api.call('pay_method/types', {});
    const bank = types.find((type) => type.code === 'bank')!;
    const answer = await family.wire(
      name,
      'GET',
      'pay_method/get_method_by_type',
      { type: String(bank.id), t: '1' },
      token,
    );
    expect(answer.code).toBe(1);
    expect(answer.data).toEqual({
      type: bank.id,
      raw_data: { real_name: '', bank_name: '', card_no: '', bank_address: '' },
    });
    // Tessera's client decodes the same answer; its actors read empty fields as nothing saved.
    expect(await api.call('pay_method/get_method_by_type', { type: bank.id })).toEqual(answer.data);
  });
});

describe("Tessera's pay-method actors on the same server", () => {
  it('read a type with empty fields as nothing saved, and a saved one as saved', async () => {
    const token = await family.newUser('sim', 'pay-actors@example.com');
    const api = await family.tessera('sim', token);
    const types = (await api.call('pay_method/types', {})).map((type) => type.id);
    const actors = personalActors(api).payMethod;
    const loadSaved = () => toPromise(createActor(actors.loadSaved, { input: { types } }).start());
    const loadMethod = (type: number) =>
      toPromise(createActor(actors.loadMethod, { input: { type } }).start());
    expect(await loadSaved()).toEqual([]);
    expect(await loadMethod(types[0]!)).toBeNull();
    const bank = (await api.call('pay_method/types', {})).find((type) => type.code === 'bank')!;
    await api.call('pay_method/save', {
      type: bank.id,
      raw_data: {
        real_name: 'Ada Lovelace',
        bank_name: 'Demo Bank',
        card_no: '6222020200112233',
        bank_address: 'Main branch',
      },
    });
    expect((await loadSaved()).map((method) => method.typeId)).toEqual([bank.id]);
    expect((await loadMethod(bank.id))?.raw_data.bank_name).toBe('Demo Bank');
  });
});
