import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_PURPOSE_REGISTER } from '../../../src/domain/contract-codes.ts';
import { logCourier } from '../../../src/sim/node/server-mode.ts';
import { smtpCourier } from '../../../src/sim/node/smtp-courier.ts';
import { post, startServer, type ServerFixture } from './server-fixture.ts';

/** A mail as the SMTP server received it. */
interface Mail {
  from: string;
  to: string[];
  data: string;
}

/**
 * The smallest SMTP server nodemailer will talk to (no TLS, no auth): it keeps every mail. The code
 * under test is the courier and nodemailer's real SMTP client, over a real socket.
 */
function smtpServer(): Promise<{ server: Server; port: number; mails: Mail[] }> {
  const mails: Mail[] = [];
  const server = createServer((socket) => {
    let mail: Mail = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 test SMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') mail.from = line;
        if (verb === 'RCPT') mail.to.push(line);
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, mails });
    }),
  );
}

let smtp: Awaited<ReturnType<typeof smtpServer>>;
let server: ServerFixture;
beforeAll(async () => {
  smtp = await smtpServer();
  server = await startServer({
    courier: (log) =>
      smtpCourier({
        url: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Tessera <no-reply@tessera.example>',
        log,
        fallback: logCourier(log),
      }),
  });
});
afterAll(async () => {
  await server.close();
  smtp.server.close();
});

async function until<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  for (let waited = 0; waited < ms; waited += 20) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('it never happened');
}

describe('verification codes by SMTP (SMTP_URL set)', () => {
  it('an e-mail code is mailed to the address it was issued for, and the log never shows it', async () => {
    const to = 'mailbox@example.com';
    expect(
      (await post(server.base, 'notify/send_email', { to, type: CODE_PURPOSE_REGISTER })).body.code,
    ).toBe(1);
    const mail = await until(() =>
      smtp.mails.find((candidate) => candidate.to.some((line) => line.includes(to))),
    );
    expect(mail.to).toHaveLength(1);
    expect(mail.from).toContain('no-reply@tessera.example');
    const code = /verification code is (\d+)/.exec(mail.data)?.[1];
    expect(code).toMatch(/^\d{4,8}$/);
    const mailed = await until(() =>
      server.logLines().find((line) => line.event === 'code_mailed' && line.to === to),
    );
    expect(mailed).not.toHaveProperty('code');
    expect(JSON.stringify(server.logLines())).not.toContain(code!);
    // The mailed code is the real one: it registers that address.
    const registered = await post(server.base, 'user/register', {
      account: to,
      password: 'Mailbox2026',
      re_password: 'Mailbox2026',
      sms_code: code,
      type: 'email',
    });
    expect(registered.body.code).toBe(1);
  });
});
