/**
 * The identity mails (docs/requirements.md §15, §13), in server/auth/mails.ts's words: a link or a code
 * for the address they go to, and what to do when it was not the reader who asked. The links come
 * ready from server/auth (already reduced to the token and the shop's own landing page).
 */
import { MailLayout, type MailTemplate } from './layout';
import { ButtonLink, CodeBlock, MailHeading, Paragraph, TextLink } from './mail-parts';

export const resetPassword: MailTemplate<'reset-password'> = {
  subject: (_props, shop) => `Reset your ${shop.name} password`,
  render: ({ url }, shop) => (
    <MailLayout shop={shop} preview="Choose a new password; the link works for one hour.">
      <MailHeading>Reset your password</MailHeading>
      <Paragraph>{`Someone asked to reset the password of your ${shop.name} account.`}</Paragraph>
      <Paragraph>Choose a new password here (the link works for one hour):</Paragraph>
      <ButtonLink href={url}>Choose a new password</ButtonLink>
      <Paragraph muted>
        If it was not you, ignore this e-mail; your password stays as it is.
      </Paragraph>
    </MailLayout>
  ),
};

export const verifyEmail: MailTemplate<'verify-email'> = {
  subject: (_props, shop) => `Verify your ${shop.name} e-mail address`,
  render: ({ url }, shop) => (
    <MailLayout
      shop={shop}
      preview="Verify that this address is yours; the link works for one hour."
    >
      <MailHeading>Verify your e-mail address</MailHeading>
      <Paragraph>
        {`Welcome to ${shop.name}. Open this link to verify that this address is yours (it works for one hour):`}
      </Paragraph>
      <ButtonLink href={url}>Verify this address</ButtonLink>
      <Paragraph>
        Once it is verified, you can add the quotation requests you made with this address to your
        account, from the link in each request&apos;s e-mail.
      </Paragraph>
      <Paragraph muted>
        If you did not create an account, do not open the link: ignore this e-mail and the account
        stays unverified.
      </Paragraph>
    </MailLayout>
  ),
};

export const confirmNewEmail: MailTemplate<'confirm-new-email'> = {
  subject: (_props, shop) => `Confirm your new ${shop.name} e-mail address`,
  render: ({ url }, shop) => (
    <MailLayout
      shop={shop}
      preview="Confirm this address for your account; the link works for one hour."
    >
      <MailHeading>Confirm your new e-mail address</MailHeading>
      <Paragraph>{`Someone asked to use this address for a ${shop.name} account.`}</Paragraph>
      <Paragraph>
        Open this link to confirm it (it works for one hour); the account&apos;s e-mail changes when
        you do:
      </Paragraph>
      <ButtonLink href={url}>Confirm this address</ButtonLink>
      <Paragraph muted>If it was not you, ignore this e-mail; nothing changes.</Paragraph>
    </MailLayout>
  ),
};

export const signUpAttempt: MailTemplate<'sign-up-attempt'> = {
  subject: (_props, shop) => `Someone tried to sign up with your ${shop.name} address`,
  render: ({ email, signInUrl, forgotPasswordUrl }, shop) => (
    <MailLayout shop={shop} preview="No new account was made: this address already has one.">
      <MailHeading>Someone tried to sign up</MailHeading>
      <Paragraph>
        {`Someone tried to sign up with your address, ${email}, but this address already has a ${shop.name} account. No new account was made.`}
      </Paragraph>
      <Paragraph>If it was you, sign in here:</Paragraph>
      <ButtonLink href={signInUrl}>Sign in</ButtonLink>
      <Paragraph>Forgot your password? Choose a new one here:</Paragraph>
      <TextLink href={forgotPasswordUrl}>Choose a new password</TextLink>
      <Paragraph muted>If it was not you, ignore this e-mail; your account is unchanged.</Paragraph>
    </MailLayout>
  ),
};

export const signInCode: MailTemplate<'sign-in-code'> = {
  // The code stays out of the subject: subjects are logged and name the outbox files.
  subject: (_props, shop) => `Your ${shop.name} sign-in code`,
  // Nor in the preview: a locked phone shows it on the lock screen.
  render: ({ code }, shop) => (
    <MailLayout shop={shop} preview="Your code to sign in; it works for 10 minutes.">
      <MailHeading>Your sign-in code</MailHeading>
      <Paragraph>{`Your code to sign in is ${code}.`}</Paragraph>
      <CodeBlock>{code}</CodeBlock>
      <Paragraph muted>
        It works for 10 minutes. If you did not ask for it, ignore this e-mail.
      </Paragraph>
    </MailLayout>
  ),
};

/**
 * docs/decisions/022 (amended): a passkey signs in without the password, so its holder hears of
 * every one added, whoever added it, with where to remove it.
 */
export const passkeyAdded: MailTemplate<'passkey-added'> = {
  subject: (_props, shop) => `A passkey was added to your ${shop.name} account`,
  render: ({ passkeyName, securityUrl }, shop) => (
    <MailLayout shop={shop} preview="It signs in to your account without your password.">
      <MailHeading>A passkey was added</MailHeading>
      <Paragraph>
        {passkeyName
          ? `A passkey named “${passkeyName}” was added to your ${shop.name} account. It signs in without your password.`
          : `A passkey was added to your ${shop.name} account. It signs in without your password.`}
      </Paragraph>
      <Paragraph>
        If it was not you, remove it under Password and security, and change your password:
      </Paragraph>
      <ButtonLink href={securityUrl}>Password and security</ButtonLink>
    </MailLayout>
  ),
};
