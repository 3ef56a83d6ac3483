import { useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * A PKCS#12 file (.pfx/.p12) and its password, sent together: the A1 of the NFS-e and the client
 * certificate of the Pix PSP. The server's 422 lands under the field it names. `unavailable`: why the
 * server keeps no certificate now (in production, no secrets key outside the database); the form is off.
 */
export function CertificateUploadForm({
  replacing,
  pending,
  upload,
  text,
  unavailable,
}: {
  replacing: boolean;
  pending: boolean;
  upload: (file: File, password: string) => Promise<void>;
  text: { certificateMissingFile: string; certificatePassword: string };
  unavailable?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!file) missing.file = text.certificateMissingFile;
    if (!password) missing.password = text.certificatePassword;
    setErrors(missing);
    if (!file || !password) return;
    try {
      await upload(file, password);
      setPassword('');
      toast.success('Certificado enviado');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v.join('. ')])));
      } else if (err instanceof ApiError && err.messages) {
        toast.error(err.messages.join(' '));
      }
    }
  };

  return (
    <Form noValidate onSubmit={send}>
      {unavailable && (
        <Alert variant="warning" role="status">
          <Alert.Heading as="h3" className="fs-6">
            Envio de certificado indisponível
          </Alert.Heading>
          {unavailable}
        </Alert>
      )}
      <fieldset disabled={!!unavailable}>
        <Row className="g-3 align-items-start">
          <Form.Group as={Col} xs={12} md={6} controlId="certificate-file">
            <Form.Label>Arquivo do certificado (.pfx ou .p12)</Form.Label>
            <Form.Control
              type="file"
              accept=".pfx,.p12,application/x-pkcs12"
              isInvalid={!!errors.file}
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            />
            <Form.Control.Feedback type="invalid">{errors.file}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group as={Col} xs={12} md={6} controlId="certificate-password">
            <Form.Label>Senha do certificado</Form.Label>
            <Form.Control
              type="password"
              autoComplete="off"
              value={password}
              isInvalid={!!errors.password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{errors.password}</Form.Control.Feedback>
          </Form.Group>
        </Row>
        <Button type="submit" variant="outline-primary" className="mt-3" disabled={pending}>
          {replacing ? 'Substituir certificado' : 'Enviar certificado'}
        </Button>
      </fieldset>
      <Form.Text className="d-block mt-2">
        O arquivo e a senha ficam guardados criptografados e nunca são mostrados de novo.
      </Form.Text>
    </Form>
  );
}
