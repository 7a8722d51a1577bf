import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient, type ApiNotice } from '../../../src/api/client.ts';
import { startHarness, type Harness } from './sim-harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

function clientFor(name: 'sim' | 'http', lang = 'en'): { api: ApiClient; notices: ApiNotice[] } {
  const notices: ApiNotice[] = [];
  const api = createApiClient({
    transport: harness.transports[name],
    getToken: () => null,
    getLang: () => lang,
    notify: (notice) => notices.push(notice),
  });
  return { api, notices };
}

describe.each(['sim', 'http'] as const)('the contract over the %s transport', (name) => {
  it('serves a real country list with dial codes', async () => {
    const { api } = clientFor(name);
    const areas = await api.call('default/area_list', {});
    expect(areas.length).toBeGreaterThan(200);
    expect(areas.find((area) => area.name === 'Japan')?.global_code).toBe('81');
  });

  it('serves the public settings', async () => {
    const { api } = clientFor(name);
    expect(await api.call('default/setting', { key: 'login_use_sms' })).toBe(0);
    expect(String(await api.call('default/setting', { key: 'contact_email' }))).toContain('@');
    expect(String(await api.call('default/setting', { key: 'service_url' }))).not.toBe('');
  });

  it('serves news categories, lists and the privacy notice 66 in category 26', async () => {
    const { api } = clientFor(name);
    const categories = await api.call('news/categories', {});
    expect(categories.map((category) => category.id)).toEqual(expect.arrayContaining([1, 4, 5, 6, 22, 26]));
    const privacy = await api.call('news/list', { category_id: 26 });
    expect(privacy.data.map((item) => item.id)).toContain(66);
    const article = await api.call('news/info', { id: 66 });
    expect(article.category_id).toBe(26);
    expect(article.content).toContain('<');
  });

  it('refuses an unknown article with a translated message', async () => {
    const english = clientFor(name);
    await expect(english.api.call('news/info', { id: 999_999 })).rejects.toBeInstanceOf(ApiError);
    expect(english.notices).toEqual([{ kind: 'error', msg: 'This article does not exist' }]);
    const russian = clientFor(name, 'ru');
    await expect(russian.api.call('news/info', { id: 999_999 })).rejects.toBeInstanceOf(ApiError);
    const notice = russian.notices[0];
    expect(notice?.kind).toBe('error');
    expect(notice?.kind === 'error' && notice.msg).not.toBe('This article does not exist');
  });

  it('answers a signed-out lever call with 999, not a hang (lever landed: issue 13)', async () => {
    const raw = await harness.transports[name].request({
      method: 'POST',
      path: 'lever/cancel',
      payload: { id: 1 },
      headers: { lang: 'en', authorization: '' },
      timeoutMs: 5000,
    });
    expect(raw).toMatchObject({ code: '999' });
  });

  it('refuses a bad payload with code 0 naming the field, and an unknown path', async () => {
    const request = (path: string, payload: Record<string, unknown>) =>
      harness.transports[name].request({
        method: 'GET',
        path,
        payload,
        headers: { lang: 'en', authorization: '' },
        timeoutMs: 5000,
      });
    expect(await request('news/list', { category_id: 'abc' })).toMatchObject({
      code: 0,
      msg: expect.stringContaining('category_id'),
    });
    expect(await request('no/such_call', {})).toMatchObject({ code: 0 });
  });
});

describe('both transports', () => {
  it('give identical answers to the same calls', async () => {
    const calls = [
      ['default/area_list', {}],
      ['news/categories', {}],
      ['news/list', { category_id: 5 }],
      ['news/info', { id: 66 }],
      ['default/setting', { key: 'contact_mobile' }],
    ] as const;
    for (const [path, payload] of calls) {
      const request = {
        method: 'GET' as const,
        path,
        payload,
        headers: { lang: 'en', authorization: '' },
        timeoutMs: 5000,
      };
      expect(await harness.transports.http.request(request)).toEqual(
        await harness.transports.sim.request(request),
      );
    }
  });
});
