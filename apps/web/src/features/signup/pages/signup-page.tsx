import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import {
  cnpjForLookup,
  messages,
  PersonType,
  signupForm,
  signupMessages,
  type SignupBody,
  type SignupFormValues,
} from '@ordem-certa/contracts';
import { useAuth } from '../../../lib/auth.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { PRODUCT_NAME } from '../../../lib/product.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { MaskedInput } from '../../../components/masked-input.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { CnpjFillButton } from '../../../components/cnpj-lookup/cnpj-fill.tsx';
import { useCnpjFill } from '../../../components/cnpj-lookup/use-cnpj-fill.ts';
import { signupCnpjQueryOptions, useSignup, useSignupStatus } from '../api/signup.ts';
import { cnpjMask, cpfMask, identifierPlaceholder } from '../../../components/identifier-masks.ts';

type Output = Omit<SignupBody, 'owner'> & { owner: SignupBody['owner'] & { passwordConfirm: string } };

const emptyValues: SignupFormValues = {
  company: { type: PersonType.Juridical, identifier: '', name: '', alias: '', email: '', phone: '' },
  owner: { name: '', email: '', password: '', passwordConfirm: '' },
  website: '',
};

/** The card of the pages used without a session, a little wider for this form. */
function SignupCard({ children }: { children: React.ReactNode }) {
  return (
    <main className="login-page d-flex align-items-center justify-content-center min-vh-100 p-2 p-sm-3">
      <Card className="shadow-sm w-100" style={{ maxWidth: 520 }}>
        <Card.Body className="p-3 p-sm-4">
          <h1 className="h3 text-center mb-1 brand-title">{PRODUCT_NAME}</h1>
          <p className="text-center text-body-secondary mb-4">Crie a conta da sua empresa</p>
          {children}
        </Card.Body>
      </Card>
    </main>
  );
}

const ToLogin = () => (
  <p className="text-center mt-3 mb-0">
    Já tem conta? <Link to="/login">Entrar</Link>
  </p>
);

/**
 * /cadastro 'Criar conta': the company (filled from its CNPJ), the owner's name, e-mail and password.
 * The account is made at once and signed in; the e-mail is confirmed later through the link the
 * server sends. Closed by SIGNUP=closed, when the page says so.
 */
export function SignupPage() {
  const auth = useAuth();
  const status = useSignupStatus();
  if (auth.user) return <Navigate to="/" replace />;
  if (status.isPending) return <PageSpinner />;
  if (status.data && !status.data.open) {
    return (
      <SignupCard>
        <Alert variant="secondary" data-testid="signup-closed">
          {signupMessages.closed}
        </Alert>
        <ToLogin />
      </SignupCard>
    );
  }
  return (
    <SignupCard>
      <SignupForm onToken={auth.signIn} />
      <ToLogin />
    </SignupCard>
  );
}

function SignupForm({ onToken }: { onToken(token: string): void }) {
  const mutation = useSignup();
  const navigate = useNavigate();
  const form = useForm<SignupFormValues, unknown, Output>({
    resolver: zodResolver(signupForm) as unknown as Resolver<SignupFormValues, unknown, Output>,
    mode: 'onTouched',
    defaultValues: emptyValues,
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const type = useWatch({ control, name: 'company.type' });
  const identifier = useWatch({ control, name: 'company.identifier' });
  const isLegal = type === PersonType.Juridical;
  const cnpj = useCnpjFill(form, { prefix: 'company.', query: signupCnpjQueryOptions });

  const onSubmit = handleSubmit(async ({ owner: typed, company, website }) => {
    // The confirmation is the form's own check: it is not sent.
    const owner = { name: typed.name, email: typed.email, password: typed.password };
    try {
      // The company's e-mail sends its estimates and orders: the owner's when none was given.
      const { token } = await mutation.mutateAsync({
        company: { ...company, email: company.email ?? owner.email },
        owner,
        website,
      });
      onToken(token);
      navigate('/', { replace: true });
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  const e = errors.company;
  return (
    <Form noValidate onSubmit={onSubmit}>
      <fieldset>
        <legend className="h6 text-body-secondary mb-3">Sua empresa</legend>
        <Form.Group className="mb-3" controlId="signup-type">
          <Form.Label>Tipo</Form.Label>
          <Form.Select
            {...register('company.type', {
              setValueAs: (v) => Number(v),
              onChange: () => {
                setValue('company.identifier', '');
                cnpj.forget();
              },
            })}
          >
            <option value={PersonType.Juridical}>Empresa (CNPJ)</option>
            <option value={PersonType.Natural}>Autônomo (CPF)</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-3" controlId="signup-identifier">
          <Form.Label>{isLegal ? 'CNPJ' : 'CPF'}</Form.Label>
          <Controller
            control={control}
            name="company.identifier"
            render={({ field }) => (
              <MaskedInput
                key={type}
                id="signup-identifier"
                mask={isLegal ? cnpjMask : cpfMask}
                value={field.value}
                onChange={(v) => {
                  if (v !== field.value) cnpj.forget();
                  field.onChange(v);
                }}
                onBlur={field.onBlur}
                isInvalid={!!e?.identifier}
                inputMode={isLegal ? 'text' : 'numeric'}
                placeholder={identifierPlaceholder(isLegal)}
                autoComplete="off"
              />
            )}
          />
          <Form.Control.Feedback type="invalid">{e?.identifier?.message}</Form.Control.Feedback>
          {isLegal && (
            <CnpjFillButton
              enabled={!!cnpjForLookup(identifier)}
              state={cnpj.state}
              onClick={() => cnpj.fill(identifier ?? '')}
            />
          )}
        </Form.Group>
        <TextField
          id="signup-company-name"
          label={isLegal ? 'Razão Social' : 'Seu nome completo'}
          error={e?.name?.message}
          autoComplete="organization"
          {...register('company.name')}
        />
        {isLegal && (
          <TextField
            id="signup-alias"
            label="Nome Fantasia"
            error={e?.alias?.message}
            autoComplete="off"
            {...register('company.alias')}
          />
        )}
        <Form.Group className="mb-3" controlId="signup-phone">
          <Form.Label>Telefone</Form.Label>
          <Controller
            control={control}
            name="company.phone"
            render={({ field }) => (
              <PhoneInput
                id="signup-phone"
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                isInvalid={!!e?.phone}
              />
            )}
          />
          <Form.Control.Feedback type="invalid">{e?.phone?.message}</Form.Control.Feedback>
        </Form.Group>
      </fieldset>
      <fieldset>
        <legend className="h6 text-body-secondary mb-3">Seu acesso</legend>
        <TextField
          id="signup-owner-name"
          label="Seu nome"
          error={errors.owner?.name?.message}
          autoComplete="name"
          {...register('owner.name')}
        />
        <TextField
          id="signup-owner-email"
          label="E-mail"
          error={errors.owner?.email?.message}
          type="email"
          autoComplete="email"
          {...register('owner.email')}
        >
          <Form.Text>Enviaremos um link para confirmar o e-mail.</Form.Text>
        </TextField>
        <TextField
          id="signup-password"
          label="Senha"
          error={errors.owner?.password?.message}
          type="password"
          autoComplete="new-password"
          {...register('owner.password')}
        />
        <TextField
          id="signup-password-confirm"
          label="Confirme a senha"
          error={errors.owner?.passwordConfirm?.message}
          type="password"
          autoComplete="new-password"
          {...register('owner.passwordConfirm')}
        />
      </fieldset>
      {/* Never seen nor reached by people: only a robot filling every field fills it. */}
      <div className="signup-trap" aria-hidden="true">
        <label htmlFor="signup-website">Não preencha este campo</label>
        <input id="signup-website" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <Button type="submit" className="w-100" size="lg" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
        Criar conta
      </Button>
      {errors.root && (
        <div role="alert" className="text-danger text-center mt-3">
          {errors.root.message}
        </div>
      )}
    </Form>
  );
}
