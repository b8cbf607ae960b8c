import { RegisterForm } from '../components/RegisterForm';

/** /antv/user/register-email — register with an email address and a code sent to it. */
export const RegisterEmailPage = () => <RegisterForm method="email" />;
