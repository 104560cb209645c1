/* hcl_vector.h - hcl's vector operations on small arrays for PandA-Bambu C.
 *
 * Seed 004's listing 4.5 (load_vector / binary_op / store_vector) in C99:
 * every operation works on N lanes held in a C array; Bambu can schedule the
 * lanes of one operation in parallel. N is a constant in every use.
 */
#ifndef HCL_VECTOR_H
#define HCL_VECTOR_H

/* dst[k] = base + k: the lanes of a loop variable. */
#define hcl_iota(N, dst, base)                                                 \
  do {                                                                         \
    for (int hcl_k = 0; hcl_k < (N); ++hcl_k)                                  \
      (dst)[hcl_k] = (base) + hcl_k;                                           \
  } while (0)

/* dst[k] = value: a value from outside the vector loop on every lane. */
#define hcl_broadcast(N, dst, value)                                           \
  do {                                                                         \
    for (int hcl_k = 0; hcl_k < (N); ++hcl_k)                                  \
      (dst)[hcl_k] = (value);                                                  \
  } while (0)

/* dst[k] = src[index[k]] */
#define hcl_load_vector(N, dst, src, index)                                    \
  do {                                                                         \
    for (int hcl_k = 0; hcl_k < (N); ++hcl_k)                                  \
      (dst)[hcl_k] = (src)[(index)[hcl_k]];                                    \
  } while (0)

/* dst[index[k]] = src[k], in lane order */
#define hcl_store_vector(N, dst, src, index)                                   \
  do {                                                                         \
    for (int hcl_k = 0; hcl_k < (N); ++hcl_k)                                  \
      (dst)[(index)[hcl_k]] = (src)[hcl_k];                                    \
  } while (0)

/* dst[k] = a[k] OP b[k] */
#define hcl_binary_op(N, dst, a, OP, b)                                        \
  do {                                                                         \
    for (int hcl_k = 0; hcl_k < (N); ++hcl_k)                                  \
      (dst)[hcl_k] = (a)[hcl_k] OP (b)[hcl_k];                                 \
  } while (0)

#endif /* HCL_VECTOR_H */
