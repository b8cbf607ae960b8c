import { RegisterForm } from '../components/RegisterForm';

/** /antv/user/register — register with a username. */
export const RegisterPage = () => <RegisterForm method="username" />;
