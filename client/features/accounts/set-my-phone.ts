import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';

// Apart from the account page's other operations: registration sends it too, and loads only this.
export const SET_MY_PHONE_MUTATION = graphql(`
  mutation SetMyPhone($phone: String) {
    setMyPhone(phone: $phone) {
      id
      phone
      smsNotices
    }
  }
`);

/** The answer is the member (id, number, SMS choice), which updates `me` in the cache by itself. */
export const useSetMyPhone = () => useMutation(SET_MY_PHONE_MUTATION);
