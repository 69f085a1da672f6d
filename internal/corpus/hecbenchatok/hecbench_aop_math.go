package hecbenchatok

import "math"

// The LSM regression's math of HeCBench's aop benchmark (main.cu, NVIDIA's
// American option pricing by Longstaff-Schwartz): a QR decomposition of
// the 3×3 normal equations (assemble_R) and their SVD by Jacobi sweeps
// (svd_3x3), done by one thread of prepare_svd_kernel. WITH_FULL_W_MATRIX
// is unset (12 shared slots); double4& is a pointer; swap a tuple
// assignment; abs and sqrt math's.

// aopSmemSlots is R_W_MATRICES_SMEM_SLOTS of main.cu.
const aopSmemSlots = 12

// Double3 is CUDA's double3.
type Double3 struct{ X, Y, Z float64 }

// Double4 is CUDA's double4.
type Double4 struct{ X, Y, Z, W float64 }

// assembleR is assemble_R of main.cu.
func assembleR(m int, sums *Double4, smemSvds []float64) {
	// Assemble R.

	x0 := smemSvds[0]
	x1 := smemSvds[1]
	x2 := smemSvds[2]

	x0_sq := x0 * x0

	sum1 := sums.X - x0
	sum2 := sums.Y - x0_sq
	sum3 := sums.Z - x0_sq*x0
	sum4 := sums.W - x0_sq*x0_sq

	m_as_dbl := float64(m)
	sigma := m_as_dbl - 1.0
	mu := math.Sqrt(m_as_dbl)
	v0 := -sigma / (1.0 + mu)
	v0_sq := v0 * v0
	beta := 2.0 * v0_sq / (sigma + v0_sq)

	inv_v0 := 1.0 / v0
	one_min_beta := 1.0 - beta
	beta_div_v0 := beta * inv_v0

	smemSvds[0] = mu
	smemSvds[1] = one_min_beta*x0 - beta_div_v0*sum1
	smemSvds[2] = one_min_beta*x0_sq - beta_div_v0*sum2

	// Rank update coefficients.

	beta_div_v0_sq := beta_div_v0 * inv_v0

	c1 := beta_div_v0_sq*sum1 + beta_div_v0*x0
	c2 := beta_div_v0_sq*sum2 + beta_div_v0*x0_sq

	// 2nd step of QR.

	x1_sq := x1 * x1

	sum1 -= x1
	sum2 -= x1_sq
	sum3 -= x1_sq * x1
	sum4 -= x1_sq * x1_sq

	x0 = x1 - c1
	x0_sq = x0 * x0
	sigma = sum2 - 2.0*c1*sum1 + (m_as_dbl-2.0)*c1*c1
	if math.Abs(sigma) < 1.0e-16 {
		beta = 0.0
	} else {
		mu = math.Sqrt(x0_sq + sigma)
		if x0 <= 0.0 {
			v0 = x0 - mu
		} else {
			v0 = -sigma / (x0 + mu)
		}
		v0_sq = v0 * v0
		beta = 2.0 * v0_sq / (sigma + v0_sq)
	}

	inv_v0 = 1.0 / v0
	beta_div_v0 = beta * inv_v0

	// The coefficient to perform the rank update.
	c3 := (sum3 - c1*sum2 - c2*sum1 + (m_as_dbl-2.0)*c1*c2) * beta_div_v0
	c4 := (x1_sq-c2)*beta_div_v0 + c3*inv_v0
	c5 := c1*c4 - c2

	one_min_beta = 1.0 - beta

	// Update R.
	smemSvds[3] = one_min_beta*x0 - beta_div_v0*sigma
	smemSvds[4] = one_min_beta*(x1_sq-c2) - c3

	// 3rd step of QR.

	x2_sq := x2 * x2

	sum1 -= x2
	sum2 -= x2_sq
	sum3 -= x2_sq * x2
	sum4 -= x2_sq * x2_sq

	x0 = x2_sq - c4*x2 + c5
	sigma = sum4 - 2.0*c4*sum3 + (c4*c4+2.0*c5)*sum2 - 2.0*c4*c5*sum1 + (m_as_dbl-3.0)*c5*c5
	if math.Abs(sigma) < 1.0e-12 {
		beta = 0.0
	} else {
		mu = math.Sqrt(x0*x0 + sigma)
		if x0 <= 0.0 {
			v0 = x0 - mu
		} else {
			v0 = -sigma / (x0 + mu)
		}
		v0_sq = v0 * v0
		beta = 2.0 * v0_sq / (sigma + v0_sq)
	}

	// Update R.
	smemSvds[5] = (1.0-beta)*x0 - (beta/v0)*sigma
}

// offDiagNorm is off_diag_norm of main.cu.
func offDiagNorm(A01, A02, A12 float64) float64 {
	return math.Sqrt(2.0 * (A01*A01 + A02*A02 + A12*A12))
}

// svd3x3 is svd_3x3 of main.cu.
func svd3x3(m int, sums *Double4, smemSvds []float64) {
	// Assemble the R matrix.
	assembleR(m, sums, smemSvds)

	// The matrix R.
	R00 := smemSvds[0]
	R01 := smemSvds[1]
	R02 := smemSvds[2]
	R11 := smemSvds[3]
	R12 := smemSvds[4]
	R22 := smemSvds[5]

	// We compute the eigenvalues/eigenvectors of A = R^T R.

	A00 := R00 * R00
	A01 := R00 * R01
	A02 := R00 * R02
	A11 := R01*R01 + R11*R11
	A12 := R01*R02 + R11*R12
	A22 := R02*R02 + R12*R12 + R22*R22

	// We keep track of V since A = Sigma^2 V. Each thread stores a row of V.

	V00, V01, V02 := 1.0, 0.0, 0.0
	V10, V11, V12 := 0.0, 1.0, 0.0
	V20, V21, V22 := 0.0, 0.0, 1.0

	// The Jacobi algorithm is iterative. We fix the max number of iter and the minimum tolerance.

	const max_iters = 16
	tolerance := 1.0e-12

	// Iterate until we reach the max number of iters or the tolerance.

	for iter := 0; offDiagNorm(A01, A02, A12) >= tolerance && iter < max_iters; iter++ {
		var c, s, B00, B01, B02, B10, B11, B12, B20, B21, B22 float64

		// Compute the Jacobi matrix for p=0 and q=1.

		c, s = 1.0, 0.0
		if A01 != 0.0 {
			tau := (A11 - A00) / (2.0 * A01)
			sgn := 1.0
			if tau < 0.0 {
				sgn = -1.0
			}
			t := sgn / (sgn*tau + math.Sqrt(1.0+tau*tau))

			c = 1.0 / math.Sqrt(1.0+t*t)
			s = t * c
		}

		// Update A = J^T A J and V = V J.

		B00 = c*A00 - s*A01
		B01 = s*A00 + c*A01
		B10 = c*A01 - s*A11
		B11 = s*A01 + c*A11
		B02 = A02

		A00 = c*B00 - s*B10
		A01 = c*B01 - s*B11
		A11 = s*B01 + c*B11
		A02 = c*B02 - s*A12
		A12 = s*B02 + c*A12

		B00 = c*V00 - s*V01
		V01 = s*V00 + c*V01
		V00 = B00

		B10 = c*V10 - s*V11
		V11 = s*V10 + c*V11
		V10 = B10

		B20 = c*V20 - s*V21
		V21 = s*V20 + c*V21
		V20 = B20

		// Compute the Jacobi matrix for p=0 and q=2.

		c, s = 1.0, 0.0
		if A02 != 0.0 {
			tau := (A22 - A00) / (2.0 * A02)
			sgn := 1.0
			if tau < 0.0 {
				sgn = -1.0
			}
			t := sgn / (sgn*tau + math.Sqrt(1.0+tau*tau))

			c = 1.0 / math.Sqrt(1.0+t*t)
			s = t * c
		}

		// Update A = J^T A J and V = V J.

		B00 = c*A00 - s*A02
		B01 = c*A01 - s*A12
		B02 = s*A00 + c*A02
		B20 = c*A02 - s*A22
		B22 = s*A02 + c*A22

		A00 = c*B00 - s*B20
		A12 = s*A01 + c*A12
		A02 = c*B02 - s*B22
		A22 = s*B02 + c*B22
		A01 = B01

		B00 = c*V00 - s*V02
		V02 = s*V00 + c*V02
		V00 = B00

		B10 = c*V10 - s*V12
		V12 = s*V10 + c*V12
		V10 = B10

		B20 = c*V20 - s*V22
		V22 = s*V20 + c*V22
		V20 = B20

		// Compute the Jacobi matrix for p=1 and q=2.

		c, s = 1.0, 0.0
		if A12 != 0.0 {
			tau := (A22 - A11) / (2.0 * A12)
			sgn := 1.0
			if tau < 0.0 {
				sgn = -1.0
			}
			t := sgn / (sgn*tau + math.Sqrt(1.0+tau*tau))

			c = 1.0 / math.Sqrt(1.0+t*t)
			s = t * c
		}

		// Update A = J^T A J and V = V J.

		B02 = s*A01 + c*A02
		B11 = c*A11 - s*A12
		B12 = s*A11 + c*A12
		B21 = c*A12 - s*A22
		B22 = s*A12 + c*A22

		A01 = c*A01 - s*A02
		A02 = B02
		A11 = c*B11 - s*B21
		A12 = c*B12 - s*B22
		A22 = s*B12 + c*B22

		B01 = c*V01 - s*V02
		V02 = s*V01 + c*V02
		V01 = B01

		B11 = c*V11 - s*V12
		V12 = s*V11 + c*V12
		V11 = B11

		B21 = c*V21 - s*V22
		V22 = s*V21 + c*V22
		V21 = B21
	}

	// Swap the columns to have S[0] >= S[1] >= S[2].
	if A00 < A11 {
		A00, A11 = A11, A00
		V00, V01 = V01, V00
		V10, V11 = V11, V10
		V20, V21 = V21, V20
	}
	if A00 < A22 {
		A00, A22 = A22, A00
		V00, V02 = V02, V00
		V10, V12 = V12, V10
		V20, V22 = V22, V20
	}
	if A11 < A22 {
		A11, A22 = A22, A11
		V01, V02 = V02, V01
		V11, V12 = V12, V11
		V21, V22 = V22, V21
	}

	//printf("timestep=%3d, svd0=%.8lf svd1=%.8lf svd2=%.8lf\n", blockIdx.x, math.Sqrt(A00), math.Sqrt(A11), math.Sqrt(A22))

	// Invert the diagonal terms and compute V*S^-1.

	inv_S0 := 0.0
	if !(math.Abs(A00) < 1.0e-12) {
		inv_S0 = 1.0 / A00
	}
	inv_S1 := 0.0
	if !(math.Abs(A11) < 1.0e-12) {
		inv_S1 = 1.0 / A11
	}
	inv_S2 := 0.0
	if !(math.Abs(A22) < 1.0e-12) {
		inv_S2 = 1.0 / A22
	}

	// printf("SVD: timestep=%3d %12.8lf %12.8lf %12.8lf\n", blockIdx.x, math.Sqrt(A00), math.Sqrt(A11), math.Sqrt(A22))

	U00 := V00 * inv_S0
	U01 := V01 * inv_S1
	U02 := V02 * inv_S2
	U10 := V10 * inv_S0
	U11 := V11 * inv_S1
	U12 := V12 * inv_S2
	U20 := V20 * inv_S0
	U21 := V21 * inv_S1
	U22 := V22 * inv_S2

	// Compute V*S^-1*V^T*R^T.

	B00 := U00*V00 + U01*V01 + U02*V02
	B01 := U00*V10 + U01*V11 + U02*V12
	B02 := U00*V20 + U01*V21 + U02*V22
	B11 := U10*V10 + U11*V11 + U12*V12
	B12 := U10*V20 + U11*V21 + U12*V22
	B22 := U20*V20 + U21*V21 + U22*V22

	smemSvds[6] = B00*R00 + B01*R01 + B02*R02
	smemSvds[7] = B01*R11 + B02*R12
	smemSvds[8] = B02 * R22
	smemSvds[9] = B11*R11 + B12*R12
	smemSvds[10] = B12 * R22
	smemSvds[11] = B22 * R22
}
