import { createTransport } from 'nodemailer';
import type { CodeCourier, OutboxMessage } from '../features/accounts/outbox.ts';
import { errorFields, type JsonLog } from './json-log.ts';

export interface SmtpCourierOptions {
  /** The mail server, e.g. smtp://user:pass@mail.example:587 (SMTP_URL). */
  url: string;
  /** The sender (SMTP_FROM). */
  from: string;
  log: JsonLog;
  /** Where the codes that cannot go by mail (SMS: there is no SMS gateway) go instead. */
  fallback: CodeCourier;
}

/** The anti-phishing line that opens every mail to a user who set a code (issue 34). */
function antiPhishingLine(message: Omit<OutboxMessage, 'id'>): string {
  return message.anti_phishing === '' ? '' : `Your anti-phishing code: ${message.anti_phishing}\n\n`;
}

export function mailFor(message: Omit<OutboxMessage, 'id'>): { subject: string; text: string } {
  const mail = mailBody(message);
  return { ...mail, text: antiPhishingLine(message) + mail.text };
}

function mailBody(message: Omit<OutboxMessage, 'id'>): { subject: string; text: string } {
  if (message.kind === 'address_added') {
    return {
      subject: 'Tessera: a withdrawal address was added',
      text:
        'A withdrawal address was added to your Tessera account.\n' +
        'If it was not you, change your password and sign the other devices out now.\n',
    };
  }
  if (message.kind === 'no_account') {
    return {
      subject: 'Tessera: verification code requested',
      text:
        'Someone asked Tessera for a verification code for this address, but no account uses it.\n' +
        'If it was not you, you can ignore this message.\n',
    };
  }
  return {
    subject: 'Tessera verification code',
    text: `Your Tessera verification code is ${message.code}.\nIf you did not ask for it, you can ignore this message.\n`,
  };
}

/**
 * Sends e-mail codes by SMTP (nodemailer), each only to the address it was issued for; SMS codes
 * go to the fallback (the operator's log). Sending happens after the answer (a slow mail server
 * must not hold up the request); the log says whether each mail went out, never the code.
 */
export function smtpCourier(options: SmtpCourierOptions): CodeCourier {
  const transport = createTransport(options.url);
  return {
    deliver(key, message) {
      if (message.channel !== 'email') {
        options.fallback.deliver(key, message);
        return;
      }
      const fields = {
        channel: message.channel,
        to: message.to,
        purpose: message.purpose,
        kind: message.kind,
      };
      transport
        .sendMail({ from: options.from, to: message.to, ...mailFor(message) })
        .then(() => options.log.info('code_mailed', fields))
        .catch((error: unknown) =>
          options.log.error('code_not_mailed', { ...fields, ...errorFields(error) }),
        );
    },
  };
}
