// hcl_fifo: the FIFO of a stream between two processes of a dataflow region
// (docs/rtl.md, "Dataflow regions"), written for hcl. DEPTH places of W
// bits, the depth hcl.to inferred or was given.
//
// The ports have a memory's timing, so that a process reads a stream as it
// reads a memory: `pop` in cycle t takes the oldest element, whose value is
// `rdata` from cycle t+1 until the next pop. `push` in cycle t appends
// `wdata`. The process may push only while `full` is low and pop only while
// `empty` is low (its module stalls otherwise). A push into a full FIFO
// waits even when a pop frees a place in the same cycle, so `full` depends
// on the FIFO's state alone.
module hcl_fifo #(
    parameter int W = 32,
    parameter int DEPTH = 2
) (
    input  logic         clk,
    input  logic         rst,
    input  logic         push,
    input  logic [W-1:0] wdata,
    input  logic         pop,
    output logic [W-1:0] rdata,
    output logic         full,
    output logic         empty
);
  localparam int AW = DEPTH > 1 ? $clog2(DEPTH) : 1;
  localparam int CW = $clog2(DEPTH + 1);

  logic [W-1:0] slots[DEPTH];
  logic [AW-1:0] head, tail;
  logic [CW-1:0] count;

  assign full = count == CW'(DEPTH);
  assign empty = count == '0;

  function automatic logic [AW-1:0] next(input logic [AW-1:0] p);
    next = p == AW'(DEPTH - 1) ? '0 : p + AW'(1);
  endfunction

  always_ff @(posedge clk) begin
    if (rst) begin
      head <= '0;
      tail <= '0;
      count <= '0;
      rdata <= '0;
    end else begin
      if (push && !full) begin
        slots[tail] <= wdata;
        tail <= next(tail);
      end
      if (pop && !empty) begin
        rdata <= slots[head];
        head <= next(head);
      end
      count <= count + CW'(push && !full) - CW'(pop && !empty);
    end
  end
endmodule
