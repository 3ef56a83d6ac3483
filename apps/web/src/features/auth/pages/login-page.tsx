import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { Alert, Form } from 'react-bootstrap';
import { messages, type LoginBody } from '@ordem-certa/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useLogin } from '../api/login.ts';
import { useSignupOpen } from '../api/signup-status.ts';
import { AuthCard, SubmitButton } from '../components/auth-card.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';
import { PendingLoginNote } from '../../../components/offline/pending-login-note.tsx';

/**
 * The contract's validation, loaded the first time a field is checked: the login page then paints
 * without zod (about a sixth of its bytes), which arrives while the visitor types.
 */
const loadResolver = () => import('../login-resolver.ts');
const resolver: Resolver<LoginBody> = async (...args) => (await loadResolver()).loginResolver(...args);

function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return messages.loginUnauthorized;
    if (err.status === 429) return err.messages?.[0] ?? messages.loginTooMany;
  }
  return messages.loginOther;
}

export function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const state = location.state as { from?: string; notice?: string } | null;
  const from = state?.from ?? '/';
  // The link e-mailed to the owner of an account held by many wrong passwords: it lets this login
  // skip the wait between tries (the server checks it).
  const [search] = useSearchParams();
  const unlock = search.get('desbloqueio') ?? undefined;
  const mutation = useLogin();
  const signupOpen = useSignupOpen();
  const [challenge, setChallenge] = useState<{ challenge: string; enrol: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver, mode: 'onBlur' });

  // Logged in (already, or just now): go to where the visitor was going, else home.
  if (auth.user) return <Navigate to={from} replace />;

  const onSubmit = handleSubmit(async (values) => {
    const answer = await mutation.mutateAsync({ ...values, unlock }).catch(() => null);
    if (!answer) return;
    if ('token' in answer) auth.signIn(answer.token);
    else setChallenge({ challenge: answer.challenge, enrol: answer.enrolmentRequired });
  });

  if (challenge) {
    return (
      <AuthCard subtitle="Ordens de serviço, orçamentos e equipe em um só lugar">
        <TwoFactorStep
          challenge={challenge.challenge}
          enrol={challenge.enrol}
          onToken={auth.signIn}
          onRestart={() => {
            mutation.reset();
            setChallenge(null);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard subtitle="Ordens de serviço, orçamentos e equipe em um só lugar">
      {state?.notice && (
        <Alert variant="success" className="py-2" data-testid="login-notice">
          {state.notice}
        </Alert>
      )}
      <PendingLoginNote />
      {unlock && (
        <Alert variant="info" className="py-2" data-testid="login-unlock">
          {messages.loginUnlockAccepted}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          id="login-username"
          label="E-mail"
          error={errors.username?.message}
          groupClassName="mb-2 keeps-feedback-line"
          type="email"
          autoComplete="username"
          autoFocus
          {...register('username')}
        />
        <TextField
          id="login-password"
          label="Senha"
          error={errors.password?.message}
          groupClassName="mb-3 keeps-feedback-line"
          type="password"
          autoComplete="current-password"
          {...register('password')}
        />
        <SubmitButton pending={mutation.isPending}>Entrar</SubmitButton>
        {mutation.isError && (
          <div role="alert" className="text-danger text-center mt-3" data-testid="login-error">
            {loginErrorMessage(mutation.error)}
          </div>
        )}
      </Form>
      <p className="text-center mt-3 mb-0">
        <Link to="/forgot-password">Esqueci minha senha</Link>
      </p>
      {signupOpen && (
        <p className="text-center mt-2 mb-0">
          Novo por aqui? <Link to="/cadastro">Criar conta</Link>
        </p>
      )}
    </AuthCard>
  );
}
