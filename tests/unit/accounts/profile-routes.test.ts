import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, POLICY } from '../../../src/sim/features/accounts/policy.ts';
import { OUTBOX, PNG, startAccounts } from './harness.ts';

async function signedInDemo() {
  const sim = await startAccounts();
  const token = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  const upload = async (bytes: Uint8Array<ArrayBuffer> = PNG, type = 'image/png', as = token) =>
    sim.call('common/image_upload', { file: new Blob([bytes], { type }) }, as);
  return { ...sim, token, upload };
}

describe('passwords', () => {
  it('changes the login password with the old one; other sessions end, this one stays', async () => {
    const sim = await signedInDemo();
    const other = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const change = (old_password: string) =>
      sim.call(
        'user/amend_password',
        { old_password, new_password: 'Newer2026', secondary_password: 'Newer2026' },
        sim.token,
      );
    expect((await change('Wrong1234')).msg).toBe('The current password is incorrect');
    expect((await change(DEMO_ACCOUNT.password)).msg).toBe('Login password changed');
    expect((await sim.call('user/info', {}, sim.token)).code).toBe(1);
    expect((await sim.call('user/info', {}, other)).code).toBe('999');
    expect(await sim.login(DEMO_ACCOUNT.email, 'Newer2026')).toBeTruthy();
  });

  it('sets the trade password with a code sent to the own bound address only', async () => {
    const sim = await signedInDemo();
    const send = (to: string, token: string) =>
      sim.call('notify/send_email', { to, type: 3, outbox_key: OUTBOX }, token);
    expect((await send(DEMO_ACCOUNT.email, '')).code).toBe('999');
    expect((await send('ada@example.com', sim.token)).msg).toBe(
      'Codes can only be sent to your own bound phone or e-mail',
    );
    expect((await send(DEMO_ACCOUNT.email, sim.token)).code).toBe(1);
    const set = (auth_code: string) =>
      sim.call('user/amend_pay_password', { password: 'Trade123', auth_code }, sim.token);
    expect((await set('12')).msg).toBe('The verification code has 6 digits');
    expect((await set(await sim.codeFor(DEMO_ACCOUNT.email))).msg).toBe('Trade password set');
    const demo = [...sim.accounts.state().users.values()].find((user) => user.email === DEMO_ACCOUNT.email);
    expect(demo?.payPassword?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(demo)).not.toContain('Trade123');
  });
});

describe('real-name verification and uploads', () => {
  it('checks uploads by their bytes, type and size', async () => {
    const sim = await signedInDemo();
    expect((await sim.upload()).data).toEqual({ url: 'blob:test/1' });
    expect((await sim.upload(new TextEncoder().encode('<svg/>'), 'image/svg+xml')).msg).toBe(
      'Please choose a PNG, JPEG, WebP or GIF image',
    );
    expect((await sim.upload(new TextEncoder().encode('not really a png'), 'image/png')).msg).toBe(
      'Please choose a PNG, JPEG, WebP or GIF image',
    );
    expect((await sim.upload(new Uint8Array(0))).msg).toBe('The image must be at most 5 MB');
    expect((await sim.upload(PNG, 'image/png', '')).code).toBe('999');
  });

  it('goes from 0 to 1 on submission and to 2 after the demo review delay', async () => {
    const sim = await signedInDemo();
    const front = ((await sim.upload()).data as { url: string }).url;
    const back = ((await sim.upload()).data as { url: string }).url;
    const center = async () =>
      ((await sim.call('user_real/center', {}, sim.token)).data as { review_status: number }).review_status;
    expect(await center()).toBe(0);
    const submit = (fields: Record<string, string>) =>
      sim.call(
        'user_real/real_name',
        { name: 'Ada Lovelace', card_id: 'ab123456', front_pic: front, reverse_pic: back, ...fields },
        sim.token,
      );
    expect((await submit({ name: ' ' })).msg).toBe('Please enter your name');
    for (const name of ['<img src=x onerror=alert(1)>', '😀 😀', 'Ada 👍', 'R2 D2']) {
      expect((await submit({ name })).msg, name).toBe(
        'Please enter your name as on your ID: 2 to 50 letters, with single spaces, hyphens, apostrophes or periods between words',
      );
    }
    expect(await center()).toBe(0);
    expect((await submit({ front_pic: 'blob:elsewhere' })).msg).toBe(
      'The image was not found. Please upload it again',
    );
    expect((await submit({})).msg).toBe('Submitted. Please wait for the review');
    expect(await center()).toBe(1);
    expect((await submit({})).msg).toBe('Your identity is already being reviewed');
    sim.clock.advance(POLICY.reviewDelayMs - 1);
    expect(await center()).toBe(1);
    sim.clock.advance(1);
    expect(await center()).toBe(2);
    expect((await sim.call('user/info', {}, sim.token)).data).toMatchObject({ review_status: 2 });
    expect((await submit({})).msg).toBe('Your identity is already verified');
  });

  it("refuses another user's upload", async () => {
    const sim = await signedInDemo();
    await sim.register('ada@example.com');
    const ada = await sim.login('ada@example.com');
    const theirs = ((await sim.upload(PNG, 'image/png', ada)).data as { url: string }).url;
    const mine = ((await sim.upload()).data as { url: string }).url;
    const answer = await sim.call(
      'user_real/real_name',
      { name: 'Ada', card_id: 'AB123456', front_pic: mine, reverse_pic: theirs },
      sim.token,
    );
    expect(answer.msg).toBe('The image was not found. Please upload it again');
  });
});

describe('collection methods', () => {
  it('lists the types, saves each with its own fields, and answers it back with a QR URL', async () => {
    const sim = await signedInDemo();
    expect((await sim.call('pay_method/types', {}, sim.token)).data).toEqual([
      { id: 1, name: 'Alipay', code: 'alipay' },
      { id: 2, name: 'WeChat Pay', code: 'wxpay' },
      { id: 3, name: 'Bank card', code: 'bank' },
    ]);
    // Nothing saved: the type's fields, empty (never null).
    expect((await sim.call('pay_method/get_method_by_type', { type: 1 }, sim.token)).data).toEqual({
      type: 1,
      raw_data: { real_name: '', account: '', qrcode: '' },
    });
    const qrcode = ((await sim.upload()).data as { url: string }).url;
    const save = (type: number, raw_data: Record<string, string>) =>
      sim.call('pay_method/save', { type, raw_data }, sim.token);
    expect((await save(1, { real_name: 'Ada', account: 'ada' })).msg).toBe(
      'Please upload the payment QR code',
    );
    expect((await save(1, { real_name: 'Ada', account: 'ada', qrcode: 'blob:forged' })).msg).toBe(
      'The image was not found. Please upload it again',
    );
    expect((await save(9, { real_name: 'Ada' })).msg).toBe('Unknown collection method');
    expect((await save(1, { real_name: ' Ada ', account: 'ada', qrcode, card_no: '1' })).msg).toBe(
      'Collection method saved',
    );
    expect((await sim.call('pay_method/get_method_by_type', { type: 1 }, sim.token)).data).toEqual({
      type: 1,
      raw_data: { real_name: 'Ada', account: 'ada', qrcode },
    });
    expect((await save(3, { real_name: 'Ada', bank_name: 'B', bank_address: 'C', card_no: '12' })).msg).toBe(
      'Please enter a valid card number (8 to 30 digits)',
    );
    expect(
      (await save(3, { real_name: 'Ada', bank_name: 'B', bank_address: 'C', card_no: '6222 0000 1111' }))
        .code,
    ).toBe(1);
    expect((await sim.call('pay_method/get_method_by_type', { type: 3 }, sim.token)).data).toMatchObject({
      raw_data: { card_no: '622200001111' },
    });
  });
});

describe('e-mail binding and feedback', () => {
  it('binds an e-mail to a phone account with a code sent to it', async () => {
    const sim = await startAccounts();
    await sim.register('13800138000');
    const token = await sim.login('13800138000');
    expect((await sim.call('sms_mail', { email: DEMO_ACCOUNT.email, outbox_key: OUTBOX }, token)).msg).toBe(
      'This e-mail address is bound to another account',
    );
    expect((await sim.call('sms_mail', { email: 'Ada@Example.com', outbox_key: OUTBOX }, token)).code).toBe(
      1,
    );
    const code = await sim.codeFor('ada@example.com');
    expect(
      (
        await sim.call(
          'safe/email',
          { email: 'ada@example.com', code: '000000' === code ? '111111' : '000000' },
          token,
        )
      ).code,
    ).toBe(0);
    expect((await sim.call('safe/email', { email: 'ada@example.com', code }, token)).msg).toBe(
      'E-mail bound',
    );
    expect((await sim.call('user/info', {}, token)).data).toMatchObject({
      email: 'ada@example.com',
      mobile: '13800138000',
    });
    expect((await sim.call('sms_mail', { email: 'ada@example.com' }, token)).msg).toBe(
      'This e-mail address is already bound to your account',
    );
    // The bound address now logs in too.
    expect(await sim.login('ada@example.com')).toBeTruthy();
  });

  it('takes feedback of a known type with at least 10 characters', async () => {
    const sim = await signedInDemo();
    const send = (payload: Record<string, unknown>) => sim.call('feedback/submit', payload, sim.token);
    expect((await send({ type: 9, title: 'x', content: 'long enough text' })).msg).toBe(
      'Please choose a type',
    );
    expect((await send({ type: 1, title: ' ', content: 'long enough text' })).msg).toBe(
      'Please enter a title',
    );
    expect((await send({ type: 1, title: 'Charts', content: 'short' })).msg).toBe(
      'Please write at least 10 characters',
    );
    // White space does not count: "a", nine spaces, "b" is three characters.
    expect((await send({ type: 1, title: 'Charts', content: `a${' '.repeat(9)}b` })).msg).toBe(
      'Please write at least 10 characters',
    );
    expect((await send({ type: 1, title: 'Charts', content: 'Please add a darker theme.' })).msg).toBe(
      'Thank you for your feedback',
    );
    expect(sim.accounts.state().feedback).toEqual([
      expect.objectContaining({ type: 1, title: 'Charts', content: 'Please add a darker theme.' }),
    ]);
  });
});
