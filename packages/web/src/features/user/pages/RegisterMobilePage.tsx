import { RegisterForm } from '../components/RegisterForm';

/** /antv/user/register-mobile — register with a mobile number and a code sent to it. */
export const RegisterMobilePage = () => <RegisterForm method="mobile" />;
