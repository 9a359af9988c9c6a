export { LogMailer, type MailLog, type MailMessage, type Mailer } from './mailer.js';
