/** An e-mail to one person. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text. */
  text: string;
}

/** Sends e-mail. The server has no mail server of its own: hosts plug one in through this interface. */
export interface Mailer {
  /** Sends `message`; rejects when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
}

/** Where the logging mailer writes (pino's and fastify's loggers fit). */
export interface MailLog {
  info(object: Record<string, unknown>, message: string): void;
}

/** The default mailer: writes each message to the log instead of sending it. */
export class LogMailer implements Mailer {
  readonly #log: MailLog;

  constructor(log: MailLog) {
    this.#log = log;
  }

  async send(message: MailMessage): Promise<void> {
    this.#log.info({ mail: message }, `mail to ${message.to}: ${message.subject}`);
  }
}
